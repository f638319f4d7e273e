#include "panels/LayerInspector.h"

#include "accuracy/HistogramView.h"
#include "document/PlanDocument.h"
#include "kernels/KernelText.h"
#include "plan/FigureText.h"
#include "roofline/Roofline.h"
#include "tactics/TacticLog.h"
#include "text/HtmlText.h"
#include "text/TacticsHtml.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QImage>
#include <QLocale>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QTextBlock>
#include <QTextLayout>
#include <algorithm>

namespace planscope {

using namespace html;

LayerInspector::LayerInspector(PlanDocument* document, QWidget* parent)
    : RichTextView(parent), m_document(document) {
    this->document()->setUndoRedoEnabled(false); // fitTitle() edits the title
    setPlaceholderText(tr("Select a layer in the table, the lint panel or a chart."));
    connect(document, &PlanDocument::planChanged, this, &LayerInspector::refresh);
    connect(document, &PlanDocument::analysisChanged, this, &LayerInspector::refresh);
    connect(document, &PlanDocument::rooflineChanged, this, &LayerInspector::refresh);
    connect(document, &PlanDocument::modelChanged, this, &LayerInspector::refresh);
    connect(document->selection(), &LayerSelection::changed, this, &LayerInspector::refresh);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (const int layer = layerOfLink(url.toString()); layer >= 0)
            m_document->selection()->select(layer);
    });
}

QString LayerInspector::overview(const Layer& l) const {
    QString rows = row(tr("Index"), QString::number(l.index)) + row(tr("Type"), l.type) +
                   row(tr("Subtype"), l.subtype) + row(tr("Precision"), l.precision) +
                   row(tr("Output precision"), l.outputPrecision) + row(tr("Tactic"), l.tactic) +
                   row(tr("Kernel"), kernel(l), true) +
                   row(tr("Average"), millisecondsText(l.timing.average(), 4)) +
                   row(tr("Median"), millisecondsText(l.timing.median(), 4)) +
                   row(tr("Share of latency"), percentText(l.timing.share(), 2)) +
                   row(tr("Weights"), bytesText(known(l.weightsKnown(), l.weightsBytes))) +
                   row(tr("Bias"), bytesText(known(l.weightsKnown(), l.biasBytes))) +
                   row(tr("Input + output"), bytesText(known(l.ioBytesKnown(), l.ioBytes))) +
                   row(tr("Footprint"), bytesText(known(l.footprintKnown(), l.footprintBytes)));
    QString origin;
    if (!l.metadata.isEmpty())
        origin = section(
            tr("ONNX origin"),
            breakable(l.metadata).replace(QStringLiteral("+\u200B["), QStringLiteral("+<br>[")));
    // One fused part a line; fitTitle() keeps the first three lines.
    QString name = breakable(l.name).replace(QStringLiteral(" +\u200B "), QStringLiteral(" +<br>"));
    return QStringLiteral("<h2><span title=\"%1\">%2</span></h2>").arg(escaped(l.name), name) +
           table(rows) + origin;
}

// Where the kernel's math runs, then the rest of what its name says.
QString LayerInspector::kernel(const Layer& l) const {
    const KernelName decoded = decodeKernelName(l.tactic);
    QString html = escaped(kernelMathText(decoded));
    if (const QString details = kernelDetailsText(decoded); !details.isEmpty())
        html += QStringLiteral("<br><span class=muted>%1</span>").arg(breakable(details));
    return html;
}

QString LayerInspector::tensors(const Layer& l) const {
    QString rows = QStringLiteral("<tr><th></th><th align=left>%1</th><th align=left>%2</th>"
                                  "<th align=left>%3</th><th align=right>%4</th></tr>")
                       .arg(tr("Tensor"), tr("Shape"), tr("Format"), tr("Bytes"));
    const auto add = [&](const QString& role, const Tensor& t) {
        rows += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td title=\"%4\">%5<br>"
                               "<span class=muted>%4</span></td><td align=right>%6</td></tr>")
                    .arg(role, breakable(t.name), t.shapeText(), escaped(t.longFormat()),
                         escaped(t.format()), bytesText(known(t.sized(), t.bytes)));
    };
    for (const Tensor& t : l.inputs) // a weight read as a tensor: no layer writes it
        add(t.constant ? QStringLiteral("<span title=\"%1\">%2</span>")
                             .arg(tr("A weight the layer reads as a tensor: no layer writes it "
                                     "and it is no engine input, so its bytes count as weights"),
                                  tr("weight"))
                       : tr("in"),
            t);
    for (const Tensor& t : l.outputs)
        add(tr("out"), t);
    return section(tr("Tensors"), table(rows));
}

QString LayerInspector::neighbours(const Layer& l) const {
    const EnginePlan& plan = *m_document->plan();
    const auto links = [&](const std::vector<int>& layers) {
        QStringList items;
        for (int other : layers)
            items << layerLink(other, plan.layers[static_cast<std::size_t>(other)].name);
        return items.isEmpty() ? QStringLiteral("<span class=muted>%1</span>").arg(tr("none"))
                               : items.join(QStringLiteral("<br>"));
    };
    const LayerConnections& c = *m_document->connections();
    return section(tr("Connections"),
                   table(row(tr("Producers"), links(c.producers(l.index)), true) +
                         row(tr("Consumers"), links(c.consumers(l.index)), true)));
}

QString LayerInspector::findings(const Layer& l) const {
    const auto found = m_document->findingsFor(l.index);
    if (found.empty())
        return {};
    QString items;
    for (const LintFinding* f : found) {
        items += QStringLiteral("<li class=warning><b>%1</b> (%2): %3")
                     .arg(escaped(f->rule), severityName(f->severity), breakable(f->hazard));
        for (const auto& [key, value] : f->details)
            items += QStringLiteral("<br>%1: %2").arg(escaped(key), breakable(value));
        if (!f->mitigation.isEmpty())
            items += QStringLiteral("<br><i>%1</i>").arg(breakable(f->mitigation));
        items += QStringLiteral("</li>");
    }
    return section(tr("Lint findings"), QStringLiteral("<ul>") + items + QStringLiteral("</ul>"));
}

QString LayerInspector::convolution(const Layer& l) const {
    if (!l.convolution)
        return {};
    const ConvolutionMetrics& m = *l.convolution;
    const auto perMs = [&](double value, const QString& unit) {
        return l.timing.measured ? QString::number(value, 'g', 4) + unit : kMissingText;
    };
    const QString rows =
        row(tr("MACs"), QLocale().toString(m.macs, 'f', 0)) +
        row(tr("Bytes moved"), bytesText(m.bytes)) +
        row(tr("Arithmetic intensity"), QString::number(m.arithmeticIntensity, 'f', 2)) +
        row(tr("Compute efficiency"), perMs(m.computeEfficiency, tr(" MACs/ms"))) +
        row(tr("Memory efficiency"), perMs(m.memoryEfficiency, tr(" B/ms"))) +
        row(tr("GEMM M x N x K"),
            QStringLiteral("%1 x %2 x %3").arg(m.gemmM).arg(m.gemmN).arg(m.gemmK));
    return section(tr("Convolution as implicit GEMM"), table(rows));
}

// The roofline's device and where it comes from.
QString LayerInspector::deviceText(const Roofline& roofline) const {
    if (!roofline.device)
        return tr("- (not in the files: choose one in the status bar)");
    if (roofline.device->source == DeviceSource::Files)
        return tr("%1 (the files')").arg(roofline.device->name);
    return tr("%1 (chosen)").arg(roofline.device->name);
}

// How far the layer is from its GPU's roofs (roofline/Roofline.h), once the analysis has them.
QString LayerInspector::speedOfLight(const Layer& l) const {
    const PlanAnalysis* analysis = m_document->analysis();
    if (!analysis || m_document->isAnalysing())
        return {};
    const Roofline& roofline = analysis->roofline();
    const LayerRoofline r = roofline.layer(std::size_t(l.index));
    const auto figure = [](std::optional<double> value, const QString& unit) {
        return value ? QLocale().toString(*value, 'g', 4) + unit : kMissingText;
    };
    const auto count = [](std::optional<double> value) { // whole, with group separators
        return value ? QLocale().toString(*value, 'f', 0) : kMissingText;
    };
    const QString rate = QLatin1Char(' ') + (r.math ? rateUnit(*r.math) : tr("TFLOP/s"));
    QString math = kMissingText;
    if (r.math)
        math = QString::fromLatin1(mathClassName(*r.math)) +
               (r.mathFromName ? QString() : tr(" (the fastest its precision allows)"));
    QString rows =
        row(tr("Device"), deviceText(roofline)) + row(tr("FLOPs"), count(r.work.flops)) +
        row(tr("Bytes"), bytesText(r.work.bytes)) + row(tr("Parameters"), count(r.work.params)) +
        row(tr("Math"), math) + row(tr("Intensity"), figure(r.intensity, tr(" FLOP/byte"))) +
        row(tr("Peak"), figure(r.peakTflops, rate)) +
        row(tr("Bound"), r.bound ? QString::fromLatin1(boundName(*r.bound)) : kMissingText) +
        row(tr("Speed of light"), millisecondsText(r.solMs, 4)) +
        row(tr("SOL %"), percentText(r.solPercent)) +
        row(tr("Above speed of light"), millisecondsText(r.aboveSolMs, 4)) +
        row(tr("Achieved"), figure(r.achievedTflops, rate) + QStringLiteral(", ") +
                                figure(r.achievedGbs, tr(" GB/s")));
    if (!r.note.isEmpty())
        rows += row(tr("Note"), r.note);
    return section(tr("Speed of light"), table(rows));
}

// The layer's weights in the ONNX model beside the plan (onnxmodel/ModelWeights): its figures and
// their histogram, painted here as the Accuracy tab paints a tensor's. None without a model.
QString LayerInspector::weights(const Layer& l) {
    const std::shared_ptr<const ModelWeights> model = m_document->modelWeights();
    if (!model)
        return {};
    const LayerWeights* w = model->forLayer(l.index);
    if (!w)
        return section(tr("Weights"),
                       QStringLiteral("<span class=muted>%1</span>")
                           .arg(tr("The layer names no node of %1.").arg(escaped(model->model))));
    const WeightFigures& f = w->figures;
    const auto value = [](std::optional<double> v) {
        return v ? QString::number(*v, 'g', 4) : kMissingText;
    };
    QString ready = percentText(f.sparse24Percent());
    if (w->sparse24Ready())
        ready += tr(" (2:4-ready)");
    QString range = numberText(f.channelRangeRatio(), 1);
    if (w->hasOutlierChannel())
        range += tr(" (outlier channel)");
    QString rows = row(tr("ONNX nodes"), breakable(w->nodes.join(QStringLiteral(", "))), true) +
                   row(tr("Parameters"), QLocale().toString(w->params)) +
                   row(tr("Type"), w->dtype.isEmpty() ? kMissingText : w->dtype) +
                   row(tr("Min / max"), value(f.min) + QStringLiteral(" / ") + value(f.max)) +
                   row(tr("Mean / std"), value(f.mean) + QStringLiteral(" / ") + value(f.std)) +
                   row(tr("Zeros"), percentText(f.zeroPercent())) + row(tr("2:4 groups"), ready) +
                   row(tr("Channel range ratio"), range);
    if (f.nonFinite > 0)
        rows += row(tr("NaN or infinite"), QLocale().toString(f.nonFinite));
    if (!w->scales.empty()) {
        const auto [low, high] = std::minmax_element(w->scales.begin(), w->scales.end());
        rows += row(
            tr("Q/DQ scales"),
            tr("%1, %2 to %3").arg(w->scales.size()).arg(*low, 0, 'g', 4).arg(*high, 0, 'g', 4));
    }
    QString picture;
    if (!f.histogram.empty()) {
        // Painted at the screen's pixel ratio, as wide as the dock leaves room for.
        const QSizeF size(std::clamp(viewport()->width() - 24, 240, 520), 150);
        const qreal ratio = devicePixelRatioF();
        QImage image((size * ratio).toSize(), QImage::Format_RGB32);
        image.setDevicePixelRatio(ratio);
        QPainter painter(&image);
        HistogramView::paintBins(painter, QRectF(QPointF(0, 0), size),
                                 tr("Elements per bin (log scale)"), f.histogram, font());
        painter.end();
        const QUrl url(QStringLiteral("planscope-weights:%1").arg(l.index));
        document()->addResource(QTextDocument::ImageResource, url, image);
        picture = QStringLiteral("<p><img src=\"%1\" width=%2 height=%3></p>")
                      .arg(url.toString())
                      .arg(size.width())
                      .arg(size.height());
    }
    return section(tr("Weights"), table(rows) + picture);
}

QString LayerInspector::tactics(const Layer& l) const {
    const auto& log = m_document->plan()->tactics;
    const TacticSubject* subject = log ? log->subjectForLayer(l.name) : nullptr;
    return subject ? tacticsHtml(*log, *subject) : QString();
}

QString LayerInspector::attributes(const Layer& l) const {
    QString rows;
    for (const auto& [key, value] : l.attributes())
        rows += row(key, value);
    return section(tr("Raw attributes"), table(rows));
}

void LayerInspector::refresh() {
    const int index = m_document->selection()->current();
    m_layerName.clear();
    m_title.clear();
    m_shownTitle.clear();
    if (!m_document->plan() || index < 0) {
        clear();
        return;
    }
    const Layer& layer = m_document->plan()->layers.at(static_cast<std::size_t>(index));
    setHtml(overview(layer) + findings(layer) + tensors(layer) + neighbours(layer) +
            weights(layer) + speedOfLight(layer) + convolution(layer) + tactics(layer) +
            attributes(layer));
    m_layerName = layer.name;
    m_title = document()->firstBlock().text();
    fitTitle();
}

// Shows as much of the title as kTitleLines lines hold at the current width, then "…".
void LayerInspector::fitTitle() {
    const QTextBlock block = document()->firstBlock();
    if (m_title.isEmpty() || !block.isValid())
        return;
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    const QTextCharFormat format = cursor.charFormat(); // the title's, with its tooltip
    const auto fits = [&](const QString& text) {
        cursor.insertText(text, format);
        cursor.setPosition(block.position());
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        document()->documentLayout()->blockBoundingRect(block); // lays the block out
        return block.layout()->lineCount() <= kTitleLines;
    };
    m_shownTitle = m_title;
    if (fits(m_title))
        return;
    // The longest start of the title that fits with the ellipsis.
    qsizetype low = 0;
    qsizetype high = m_title.size();
    while (low + 1 < high) {
        const qsizetype mid = (low + high) / 2;
        (fits(m_title.left(mid) + QChar(0x2026)) ? low : high) = mid;
    }
    m_shownTitle = m_title.left(low) + QChar(0x2026);
    fits(m_shownTitle);
}

void LayerInspector::resizeEvent(QResizeEvent* event) {
    RichTextView::resizeEvent(event);
    fitTitle();
}

// A selection that holds the whole title copies the layer's whole name in its place.
QMimeData* LayerInspector::createMimeDataFromSelection() const {
    QMimeData* data = RichTextView::createMimeDataFromSelection();
    QString shown = withoutBreakHints(m_shownTitle);
    shown.replace(QChar::LineSeparator, QLatin1Char('\n'));
    if (!shown.isEmpty() && data->text().contains(shown)) {
        const QString text = data->text().replace(shown, m_layerName);
        if (m_shownTitle != m_title)
            data->removeFormat(QStringLiteral("text/html")); // it holds the shortened title
        data->setText(text);
    }
    return data;
}

void LayerInspector::contextMenuEvent(QContextMenuEvent* event) {
    QMenu* menu = createStandardContextMenu(event->pos());
    if (!m_layerName.isEmpty()) {
        QAction* copyName = menu->addAction(tr("Copy Layer Name"));
        connect(copyName, &QAction::triggered, this,
                [name = m_layerName] { QGuiApplication::clipboard()->setText(name); });
    }
    menu->exec(event->globalPos());
    delete menu;
}

} // namespace planscope
