#pragma once

#include <QByteArray>
#include <QSize>
#include <QString>
#include <functional>

class QPainter;

namespace planscope {

// Paints a picture into an SVG document in memory: `size` in pixels, stated as pixels on the
// root element (QSvgGenerator states millimetres; pages and editors expect pixels), with a
// matching viewBox. `resolution` is the generator's dots per inch.
QByteArray svgDrawing(QSize size, int resolution, const QString& title, const QString& description,
                      const std::function<void(QPainter&)>& paint);

// Writes an SVG document to `file`; false with `error` set.
bool writeSvgFile(const QString& file, const QByteArray& svg, QString* error);

} // namespace planscope
