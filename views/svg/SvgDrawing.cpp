#include "svg/SvgDrawing.h"

#include <QBuffer>
#include <QFile>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>

namespace planscope {

QByteArray svgDrawing(QSize size, int resolution, const QString& title, const QString& description,
                      const std::function<void(QPainter&)>& paint) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(resolution);
    generator.setTitle(title);
    generator.setDescription(description);
    QPainter painter(&generator);
    paint(painter);
    painter.end();

    static const QRegularExpression header(QStringLiteral(R"(<svg width="[^"]*" height="[^"]*")"));
    return QString::fromUtf8(buffer.data())
        .replace(
            header,
            QStringLiteral("<svg width=\"%1\" height=\"%2\"").arg(size.width()).arg(size.height()))
        .toUtf8();
}

bool writeSvgFile(const QString& file, const QByteArray& svg, QString* error) {
    QFile out(file);
    if (out.open(QIODevice::WriteOnly | QIODevice::Truncate) && out.write(svg) == svg.size())
        return true;
    *error = QStringLiteral("%1: cannot write the SVG. Check the folder exists and is writable.")
                 .arg(file);
    return false;
}

} // namespace planscope
