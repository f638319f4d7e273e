#include "chartview/ChartExport.h"

#include "chartview/ChartPainter.h"
#include "picture/PngFile.h"
#include "svg/SvgDrawing.h"

#include <QFileInfo>
#include <QImage>
#include <QPainter>

namespace planscope::charts {
namespace {

thread_local int g_lastMarks = 0; // charts are exported side by side

bool exportPng(ChartPainter& chartPainter, const QString& file, QSize size, QString* error) {
    constexpr qreal kRatio = 2; // crisp on high-density screens and in documents
    QImage image(size * kRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kRatio);
    image.fill(Qt::white);
    QPainter painter(&image);
    chartPainter.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    if (!writePng(image, file)) {
        *error =
            QStringLiteral("%1: cannot write the PNG. Check the folder exists and is writable.")
                .arg(file);
        return false;
    }
    return true;
}

QByteArray paintSvg(ChartPainter& chartPainter, const Chart& chart, QSize size) {
    return svgDrawing(size, 96, chart.title, QStringLiteral("PlanScope chart %1").arg(chart.id),
                      [&](QPainter& painter) {
                          chartPainter.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
                      });
}

} // namespace

bool exportChart(const Chart& chart, const QString& file, QSize size, QString* error,
                 int selectedLayer) {
    ChartPainter chartPainter(&chart);
    chartPainter.setSelectedLayer(selectedLayer);
    const QString suffix = QFileInfo(file).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("png"))
        ok = exportPng(chartPainter, file, size, error);
    else if (suffix == QLatin1String("svg"))
        ok = writeSvgFile(file, paintSvg(chartPainter, chart, size), error);
    else
        *error =
            QStringLiteral("%1: unknown picture format; end the name with .png or .svg.").arg(file);
    g_lastMarks = chartPainter.paintedMarks();
    return ok;
}

QSize defaultChartSize(const Chart& chart) {
    return chart.panels.size() > 2 ? QSize(1600, 1000) : QSize(1200, 700);
}

int lastExportedMarks() {
    return g_lastMarks;
}

} // namespace planscope::charts
