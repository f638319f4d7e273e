#pragma once

#include <QImage>
#include <QString>

namespace planscope {

// Writes `image` as a PNG (8-bit RGB, RGBA where a pixel is not opaque), each row filtered
// against the one above and packed at zlib's fastest level: pictures of charts and graphs are
// flat colours, and Qt's writer, which tries every filter on every row, took four fifths of the
// time of exporting every chart of a plan. The image's device pixel ratio is not recorded, as
// Qt's writer does not either. False when the file cannot be written.
bool writePng(const QImage& image, const QString& file);

} // namespace planscope
