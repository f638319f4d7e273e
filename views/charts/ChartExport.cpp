#include "ChartExport.h"

#include "ChartPainter.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>

namespace planscope::charts {
namespace {

int g_lastMarks = 0;

bool exportPng(ChartPainter& chartPainter, const QString& file, QSize size, QString* error) {
    constexpr qreal kRatio = 2; // crisp on high-density screens and in documents
    QImage image(size * kRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kRatio);
    image.fill(Qt::white);
    QPainter painter(&image);
    chartPainter.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    if (!image.save(file, "PNG")) {
        *error =
            QStringLiteral("%1: cannot write the PNG. Check the folder exists and is writable.")
                .arg(file);
        return false;
    }
    return true;
}

bool exportSvg(ChartPainter& chartPainter, const Chart& chart, const QString& file, QSize size,
               QString* error) {
    QSvgGenerator generator;
    generator.setFileName(file);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96);
    generator.setTitle(chart.title);
    generator.setDescription(QStringLiteral("PlanScope chart %1").arg(chart.id));
    QPainter painter;
    if (!painter.begin(&generator)) {
        *error =
            QStringLiteral("%1: cannot write the SVG. Check the folder exists and is writable.")
                .arg(file);
        return false;
    }
    chartPainter.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    return true;
}

// QSvgGenerator states the size in millimetres; pixels are what pages and editors expect.
void statePixelSize(const QString& file, QSize size) {
    QFile svg(file);
    if (!svg.open(QIODevice::ReadWrite))
        return;
    QByteArray text = svg.readAll();
    static const QRegularExpression header(QStringLiteral(R"(<svg width="[^"]*" height="[^"]*")"));
    const QString replaced = QString::fromUtf8(text).replace(
        header,
        QStringLiteral("<svg width=\"%1\" height=\"%2\"").arg(size.width()).arg(size.height()));
    svg.resize(0);
    svg.write(replaced.toUtf8());
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
        ok = exportSvg(chartPainter, chart, file, size, error);
    if (ok && suffix == QLatin1String("svg"))
        statePixelSize(file, size);
    else
        *error =
            QStringLiteral("%1: unknown picture format; end the name with .png or .svg.").arg(file);
    g_lastMarks = chartPainter.paintedMarks();
    return ok;
}

int lastExportedMarks() {
    return g_lastMarks;
}

} // namespace planscope::charts
