#include "panels/SummaryPanel.h"

#include "document/PlanDocument.h"
#include "lint/Linter.h"
#include "metrics/LatencyGap.h"
#include "plan/FigureText.h"
#include "roofline/Roofline.h"
#include "roofline/RooflineTotalText.h"
#include "text/HtmlText.h"

#include <QFileInfo>
#include <QScrollBar>

namespace planscope {

using namespace html;

SummaryPanel::SummaryPanel(PlanDocument* document, QWidget* parent)
    : RichTextView(parent), m_document(document) {
    setPlaceholderText(tr("No plan is open."));
    connect(document, &PlanDocument::planChanged, this, [this] {
        m_planRows = m_document->plan() ? planRows() : QString();
        refresh();
    });
    connect(document, &PlanDocument::analysisChanged, this, &SummaryPanel::refresh);
    connect(document, &PlanDocument::rooflineChanged, this, &SummaryPanel::refresh);
    connect(document, &PlanDocument::modelChanged, this, &SummaryPanel::refresh);
    connect(document->selection(), &LayerSelection::changed, this, &SummaryPanel::refresh);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        m_document->selection()->select(layerOfLink(url.toString()));
    });
}

// The rows that only the plan decides; its bindings and totals take a pass over every layer.
QString SummaryPanel::planRows() const {
    const EnginePlan& plan = *m_document->plan();
    QString rows;
    const EnginePlan::IoDescriptions io = plan.ioDescriptions();
    for (const QString& input : io.inputs)
        rows += row(tr("Input"), input);
    for (const QString& output : io.outputs)
        rows += row(tr("Output"), output);
    rows += row(tr("Layers"), QString::number(plan.layers.size()));
    rows += row(tr("Average time"), plan.hasProfile ? millisecondsText(plan.totalAverageMs())
                                                    : tr("- (no per-layer timings)"));
    if (const auto gap = latencyGap(plan))
        rows += row(tr("Latency gap"),
                    QStringLiteral("%1<br><span class=muted>%2</span>")
                        .arg(escaped(gap->text()), escaped(gap->meaning())),
                    true);
    const std::optional<double> weights = plan.totalWeightsBytes();
    rows += row(tr("Weights"),
                bytesText(weights) + withoutWeightsText(weights, plan.layersWithoutWeights()));
    rows += row(tr("Activations"), bytesText(plan.totalActivationBytes()));
    if (plan.profileCount > 1)
        rows += row(tr("Optimization profile"),
                    tr("%1 of %2").arg(plan.profileIndex).arg(plan.profileCount));
    if (plan.profiledIterations > 0)
        rows += row(tr("Profiled iterations"), QString::number(plan.profiledIterations));
    if (!plan.metadata.tensorrtVersion.isEmpty())
        rows += row(tr("TensorRT"), plan.metadata.tensorrtVersion);
    for (const QString& command : plan.metadata.commandLines)
        rows += row(tr("Command"), command);
    if (!plan.timingSamplesMs.empty())
        rows += row(tr("Timing samples"), QString::number(plan.timingSamplesMs.size()));
    return rows;
}

// The engine's work and its speed of light on the files' GPU (or the one chosen), as `planscope
// summary` says them.
QString SummaryPanel::workRows(const Roofline& roofline) const {
    return row(tr("GFLOPs"), gigaflopsText(roofline.total)) +
           row(tr("Parameters"), parametersText(roofline.total)) +
           row(tr("Speed of light"),
               !roofline.device ? kMissingText + tr(" (the files describe no GPU)")
               : roofline.device->source == DeviceSource::Files
                   ? speedOfLightText(roofline.total)
                   : tr("%1 (on the %2, chosen)")
                         .arg(speedOfLightText(roofline.total), roofline.device->name));
}

QString SummaryPanel::modelSection() const {
    const EnginePlan& plan = *m_document->plan();
    QString rows = m_planRows;
    if (m_document->isAnalysing()) {
        rows += row(tr("Lint findings"), tr("linting..."));
        rows += row(tr("Check"), tr("checking..."));
    } else {
        rows += workRows(m_document->analysis()->roofline());
        rows += row(tr("Lint findings"),
                    lintCanRun(plan)
                        ? QString::number(m_document->findings().size())
                        : tr("- (no rule can run: %1)")
                              .arg(plan.namesOnly ? tr("layer names only") : tr("no layers")));
        const PlanCheck& check = m_document->check();
        const QString counts = escaped(checkCountsText(check));
        rows += row(tr("Check"),
                    check.hasError() ? QStringLiteral("<span class=warning>%1</span>").arg(counts)
                                     : counts,
                    true);
    }
    QString html = QStringLiteral("<h2>%1</h2>").arg(breakable(plan.name)) + table(rows);
    if (!plan.hasProfile)
        html += QStringLiteral("<p class=warning>%1 %2</p>")
                    .arg(tr("This plan has no per-layer timings, so latencies and time charts are "
                            "empty."),
                         breakable(QLatin1String(kPerLayerTimingsHint)));
    return html;
}

// The ONNX model beside the plan (File > Open Model): which of its nodes and weights reached a
// layer, as planscope summary --onnx says it. None without a model.
QString SummaryPanel::onnxModelSection() const {
    const std::shared_ptr<const ModelWeights> weights = m_document->modelWeights();
    if (!weights)
        return {};
    const QString rows =
        row(tr("Model"), QStringLiteral("%1 (graph %2)")
                             .arg(QFileInfo(weights->model).fileName(),
                                  weights->graph.isEmpty() ? kMissingText : weights->graph)) +
        row(tr("Nodes"), nodeCoverageText(*weights)) +
        row(tr("Nodes in no layer"), nodesWithoutLayerText(*weights)) +
        row(tr("Weights"), paramCoverageText(*weights));
    return section(tr("ONNX model"), table(rows));
}

QString SummaryPanel::selectedLayerSection() const {
    const int index = m_document->selection()->current();
    if (index < 0)
        return section(tr("Selected layer"),
                       QStringLiteral("<p class=muted>%1</p>").arg(tr("None")));
    const Layer& layer = m_document->plan()->layers.at(static_cast<std::size_t>(index));
    const QString rows = row(tr("Name"), layerLink(index, layer.name), true) +
                         row(tr("Type"), layer.type) + row(tr("Precision"), layer.precision) +
                         row(tr("Latency"), millisecondsText(layer.timing.average(), 4)) +
                         row(tr("Share"), percentText(layer.timing.share(), 2));
    return section(tr("Selected layer"), table(rows));
}

// Each statistics list on one row, its values named ("min 0.3499, ..., p99 0.3760 ms"), so the
// section reads well in a narrow dock.
QString SummaryPanel::performanceSection() const {
    const PerformanceTable performance = performanceTable(m_document->plan()->metadata.performance);
    if (performance.lists.empty() && performance.scalars.empty())
        return {};
    QString rows;
    for (const PerformanceTable::Row& r : performance.lists) {
        if (!r.measured()) {
            rows += row(r.metric, tr("not measured"));
            continue;
        }
        QStringList values;
        for (std::size_t c = 0; c < r.values.size(); ++c)
            if (r.values[c])
                values << QStringLiteral("%1&nbsp;%2")
                              .arg(QLatin1String(kLatencyStatistics[c]))
                              .arg(*r.values[c], 0, 'f', 4);
        rows += row(r.metric, values.join(QStringLiteral(", ")) + QStringLiteral(" ms"), true);
    }
    for (const auto& [key, value] : performance.scalars)
        rows += row(key, value);
    return section(tr("Performance summary"), table(rows));
}

// trtexec 11.1's --tuneBuildRoutes: one row per route tried, the best in bold with its time.
QString SummaryPanel::buildRouteSection() const {
    const BuildRouteTable routes = buildRouteTable(m_document->plan()->metadata.buildRouteTuning);
    if (routes.empty())
        return {};
    QString rows;
    for (const BuildRouteTable::Row& r : routes.rows)
        rows += row(tr("Iteration %1").arg(r.iteration),
                    r.best ? tr("<b>%1</b><br><span class=muted>best, GPU time %2</span>")
                                 .arg(breakable(r.route), routes.bestGpuTimeText())
                           : breakable(r.route),
                    true);
    if (!routes.outcome.isEmpty())
        rows += row(tr("Outcome"), routes.outcome);
    return section(tr("Build route tuning"), table(rows));
}

void SummaryPanel::refresh() {
    if (!m_document->plan()) {
        clear();
        return;
    }
    const EnginePlan& plan = *m_document->plan();
    QString html = modelSection() + onnxModelSection() + selectedLayerSection();
    if (!plan.metadata.device.empty())
        html += section(tr("Device"), jsonTable(plan.metadata.device));
    if (!plan.metadata.builder.empty())
        html += section(tr("Builder configuration"), jsonTable(plan.metadata.builder));
    html += performanceSection();
    html += buildRouteSection();
    if (!plan.metadata.inference.empty())
        html += section(tr("Inference options"), jsonTable(plan.metadata.inference));
    if (!plan.metadata.system.empty())
        html += section(tr("System options"), jsonTable(plan.metadata.system));
    if (!plan.warnings.isEmpty()) {
        QString items;
        for (const QString& w : plan.warnings)
            items += QStringLiteral("<li class=warning>%1</li>").arg(breakable(w));
        html += section(tr("Warnings"), QStringLiteral("<ul>") + items + QStringLiteral("</ul>"));
    }
    const int scroll = verticalScrollBar()->value();
    setHtml(html);
    verticalScrollBar()->setValue(scroll);
}

} // namespace planscope
