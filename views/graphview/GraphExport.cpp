#include "graphview/GraphExport.h"

#include "graphview/GraphPainter.h"
#include "picture/PngFile.h"
#include "svg/SvgDrawing.h"

#include <QFile>
#include <QImage>
#include <QPainter>
#include <algorithm>

namespace planscope {

bool exportGraphDot(const PlanGraph& graph, const EnginePlan& plan, const GraphStyle& style,
                    const QString& file, QString* error) {
    QFile out(file);
    if (out.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
        out.write(writeDot(graph, plan, style)) >= 0)
        return true;
    *error = QStringLiteral("%1: cannot write (%2).").arg(file, out.errorString());
    return false;
}

bool exportGraphPicture(const GraphPainter& graphPainter, const GraphLayout& layout,
                        GraphFormat format, const QString& file, const QString& title,
                        QString* error) {
    const QSizeF size = graphPictureSize(layout);
    const QRectF whole(QPointF(0, 0), size);
    if (format == GraphFormat::Svg)
        return writeSvgFile(file,
                            svgDrawing(size.toSize(), 72, title,
                                       QStringLiteral("PlanScope plan graph"),
                                       [&](QPainter& painter) {
                                           paintGraphPicture(painter, graphPainter, layout, whole);
                                       }),
                            error);
    // Very large graphs are scaled down so the picture stays within what QImage can hold.
    const double ratio = std::min(2.0, 16000.0 / std::max(size.width(), size.height()));
    QImage image((size * ratio).toSize(), QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        *error =
            QStringLiteral("%1: the graph is too large for a PNG; export SVG instead.").arg(file);
        return false;
    }
    image.setDevicePixelRatio(ratio);
    QPainter painter(&image);
    paintGraphPicture(painter, graphPainter, layout, whole);
    painter.end();
    if (!writePng(image, file)) {
        *error =
            QStringLiteral("%1: cannot write the PNG. Check the folder is writable.").arg(file);
        return false;
    }
    return true;
}

} // namespace planscope
