#include "accuracy/HistogramView.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>

namespace planscope {
namespace {

// The runners' colours: polygraphy's order, first blue, second orange.
const QColor kRunnerColors[] = {QColor(0x1F, 0x77, 0xB4), QColor(0xFF, 0x7F, 0x0E),
                                QColor(0x2C, 0xA0, 0x2C)};
const QColor kErrorColor(0x9C, 0x27, 0xB0);

struct Series {
    QString label;
    const ArrayStats* stats; // its histogram's bins
    QColor color;
};

QString tick(double value) {
    return QString::number(value, 'g', 3);
}

// polygraphy prints bin edges to 3 significant digits: near a large value neighbours print alike
// ("(6.55e+04, 6.55e+04)" at FP16's 65504). Its bins are even (numpy's), so then they are drawn
// in order, the axis naming the edges as printed.
bool edgesApart(const std::vector<Series>& series) {
    for (const Series& s : series)
        for (const HistogramBin& b : s.stats->histogram)
            if (!(b.high > b.low))
                return false;
    return true;
}

// One panel: a title, a log-count axis and the series' bars side by side in each bin.
void paintPanel(QPainter& p, const QRectF& box, const QString& title,
                const std::vector<Series>& series, const QFont& font) {
    const QFontMetricsF metrics(font);
    const double line = metrics.height();
    const bool byValue = edgesApart(series);
    p.setFont(font);
    p.setPen(QColor(0x22, 0x22, 0x22));
    QFont bold = font;
    bold.setBold(true);
    p.setFont(bold);
    const QString heading =
        byValue ? title : QObject::tr("%1; bins print alike, drawn in order").arg(title);
    p.drawText(QRectF(box.left(), box.top(), box.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
               metrics.elidedText(heading, Qt::ElideMiddle, box.width()));
    p.setFont(font);
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    qint64 most = 0;
    std::size_t bins = 0;
    const std::vector<HistogramBin>* ticks = nullptr; // the series whose edges label the axis
    bool finite = true;                               // polygraphy bins no inf or nan
    for (const Series& s : series) {
        finite = finite && std::isfinite(s.stats->min.value_or(0)) &&
                 std::isfinite(s.stats->max.value_or(0));
        for (const HistogramBin& b : s.stats->histogram) {
            if (!std::isfinite(b.low) || !std::isfinite(b.high))
                continue;
            low = std::min(low, b.low);
            high = std::max(high, b.high);
            most = std::max(most, b.count);
        }
        if (s.stats->histogram.size() > bins) {
            bins = s.stats->histogram.size();
            ticks = &s.stats->histogram;
        }
    }
    const QRectF plot(box.left() + metrics.horizontalAdvance(QStringLiteral("1e+06")) + 8,
                      box.top() + line * 1.4, 0, 0);
    const QRectF area(
        plot.topLeft(),
        QPointF(box.right() - 4, box.bottom() - line * (series.size() > 1 ? 2.6 : 1.4)));
    if ((byValue && !(high > low)) || most == 0) {
        p.setPen(QColor(0x77, 0x77, 0x77));
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                   finite ? QObject::tr("No histogram: polygraphy prints one with --verbose")
                          : QObject::tr("No histogram: polygraphy bins no inf or nan"));
        return;
    }
    const double top = std::log10(double(most) + 1);
    const auto x = [&](double v) { return area.left() + (v - low) / (high - low) * area.width(); };
    const auto y = [&](qint64 count) {
        return area.bottom() - std::log10(double(count) + 1) / top * area.height();
    };
    // Where bin `i` of a series spans, in pixels.
    const auto span = [&](const std::vector<HistogramBin>& of, std::size_t i) {
        if (byValue)
            return std::pair(x(of[i].low), x(of[i].high));
        const double width = area.width() / double(of.size());
        return std::pair(area.left() + width * double(i), area.left() + width * double(i + 1));
    };
    // Axes, count ticks at the decades, a label every few where they would overlap.
    p.setPen(QColor(0xBB, 0xBB, 0xBB));
    p.drawLine(area.bottomLeft(), area.bottomRight());
    p.drawLine(area.bottomLeft(), area.topLeft());
    const int labelEvery = std::max(1, int(std::ceil(line / (y(1) - y(10)))));
    int power = 0;
    for (qint64 decade = 1; decade <= most; decade *= 10, ++power) {
        const double at = y(decade);
        p.setPen(QColor(0xEE, 0xEE, 0xEE));
        p.drawLine(QPointF(area.left(), at), QPointF(area.right(), at));
        if (power % labelEvery != 0)
            continue;
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.drawText(QRectF(box.left(), at - line / 2, area.left() - box.left() - 4, line),
                   Qt::AlignRight | Qt::AlignVCenter,
                   decade >= 1000 ? QStringLiteral("1e%1").arg(power) : QString::number(decade));
    }
    const double share = 1.0 / double(series.size());
    for (std::size_t s = 0; s < series.size(); ++s)
        for (std::size_t i = 0; i < series[s].stats->histogram.size(); ++i) {
            const HistogramBin& b = series[s].stats->histogram[i];
            if (b.count <= 0 || !std::isfinite(b.low) || !std::isfinite(b.high))
                continue;
            const auto [left, right] = span(series[s].stats->histogram, i);
            const double width = std::max(1.0, (right - left) * share - 1);
            const QRectF bar(left + (right - left) * share * double(s) + 0.5, y(b.count), width,
                             area.bottom() - y(b.count));
            p.fillRect(bar, series[s].color);
        }
    // Value ticks at both ends and the middle: the values there, or the edges as printed.
    p.setPen(QColor(0x55, 0x55, 0x55));
    for (double f : {0.0, 0.5, 1.0}) {
        const std::size_t edge = std::size_t(std::lround(f * double(bins)));
        const double v = byValue       ? low + (high - low) * f
                         : edge < bins ? (*ticks)[edge].low
                                       : ticks->back().high;
        const double at = area.left() + area.width() * f;
        const double w = metrics.horizontalAdvance(tick(v)) + 4;
        const double left = std::clamp(at - w / 2, area.left(), area.right() - w);
        p.drawText(QRectF(left, area.bottom() + 2, w, line), Qt::AlignCenter, tick(v));
    }
    if (series.size() < 2)
        return;
    double at = area.left();
    for (const Series& s : series) {
        const double w = std::min(metrics.horizontalAdvance(s.label) + 4, area.width() / 2 - 20);
        p.fillRect(QRectF(at, area.bottom() + line * 1.35, 10, 10), s.color);
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.drawText(QRectF(at + 14, area.bottom() + line * 1.1, w, line),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   metrics.elidedText(s.label, Qt::ElideMiddle, w));
        at += w + 28;
    }
}

} // namespace

HistogramView::HistogramView(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(170);
}

void HistogramView::setTensor(const ComparedTensor* tensor) {
    m_tensor = tensor;
    update();
}

void HistogramView::paint(QPainter& painter, const QRectF& box, const ComparedTensor* tensor,
                          const QFont& font) {
    painter.save();
    painter.fillRect(box, Qt::white);
    if (!tensor) {
        painter.setPen(QColor(0x77, 0x77, 0x77));
        painter.drawText(box, Qt::AlignCenter, QObject::tr("Choose a tensor to see its values"));
        painter.restore();
        return;
    }
    std::vector<Series> runners;
    for (std::size_t r = 0; r < tensor->runners.size(); ++r) {
        const RunnerStats& runner = tensor->runners[r];
        const QString overflow = overflowBoundsText(runner.stats); // "at 65504"
        runners.push_back(
            {shortRunnerName(runner.runner) + (overflow.isEmpty() ? QString() : u' ' + overflow),
             &runner.stats, kRunnerColors[std::min<std::size_t>(r, 2)]});
    }
    const QRectF inner = box.adjusted(8, 6, -8, -6);
    const QRectF values(inner.topLeft(), QSizeF(inner.width(), inner.height() * 0.58));
    const double lowerTop = values.bottom() + 10;
    const QRectF absBox(inner.left(), lowerTop, inner.width() / 2 - 6, inner.bottom() - lowerTop);
    const QRectF relBox(absBox.right() + 12, lowerTop, absBox.width(), absBox.height());
    paintPanel(painter, values,
               QObject::tr("Values of '%1' (elements per bin, log scale)").arg(tensor->name),
               runners, font);
    paintPanel(painter, absBox, QObject::tr("Absolute error"),
               {{QString(), &tensor->absError, kErrorColor}}, font);
    paintPanel(painter, relBox, QObject::tr("Relative error"),
               {{QString(), &tensor->relError, kErrorColor}}, font);
    painter.restore();
}

void HistogramView::paintBins(QPainter& painter, const QRectF& box, const QString& title,
                              const std::vector<HistogramBin>& bins, const QFont& font) {
    painter.save();
    painter.fillRect(box, Qt::white);
    ArrayStats stats;
    stats.histogram = bins;
    if (!bins.empty()) {
        stats.min = bins.front().low;
        stats.max = bins.back().high;
    }
    paintPanel(painter, box.adjusted(4, 4, -4, -4), title, {{QString(), &stats, kRunnerColors[0]}},
               font);
    painter.restore();
}

void HistogramView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    paint(painter, rect(), m_tensor, font());
}

} // namespace planscope
