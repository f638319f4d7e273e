#include "json/JsonValues.h"
#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "lint/LayerKinds.h"
#include "plan/FigureText.h"

#include <QSet>
#include <map>

namespace planscope {
namespace {

constexpr int kBoundariesShown = 3;

QString formatOf(const std::vector<Tensor>& tensors) {
    return tensors.empty() ? kMissingText : tensors.front().format();
}

// The Reformats of one format change: "FP16 NC/8HW8 -> INT8 NC/32HW32".
struct Boundary {
    QString from;
    QString to;
    Lead group;
};

} // namespace

void findReformats(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    const QSet<QString> bindings(plan.bindings.cbegin(), plan.bindings.cend());
    Lead lead;
    std::map<std::pair<QString, QString>, Boundary> boundaries;
    int atBindings = 0;
    int conversions = 0;
    for (const Layer& layer : plan.layers) {
        if (!isReformatLayer(layer))
            continue;
        lead.layers.push_back(layer.index);
        const QString from = formatOf(layer.inputs);
        const QString to = formatOf(layer.outputs);
        Boundary& b = boundaries[{from, to}];
        b.from = from;
        b.to = to;
        b.group.layers.push_back(layer.index);
        const bool binding = (!layer.inputs.empty() && bindings.contains(layer.inputs[0].name)) ||
                             (!layer.outputs.empty() && bindings.contains(layer.outputs[0].name));
        atBindings += binding ? 1 : 0;
        conversions += !layer.inputs.empty() && !layer.outputs.empty() &&
                               layer.inputs[0].precision() != layer.outputs[0].precision()
                           ? 1
                           : 0;
    }
    if (lead.layers.empty())
        return;
    scale.weigh(lead);

    std::vector<Boundary*> sorted;
    for (auto& [key, b] : boundaries) {
        scale.weigh(b.group);
        sorted.push_back(&b);
    }
    std::stable_sort(sorted.begin(), sorted.end(), [](const Boundary* a, const Boundary* b) {
        if (a->group.ms.value_or(0) != b->group.ms.value_or(0))
            return a->group.ms.value_or(0) > b->group.ms.value_or(0);
        return a->group.layers.size() > b->group.layers.size();
    });
    QStringList shown;
    OrderedJson facts = OrderedJson::array();
    for (const Boundary* b : sorted) {
        const QString count = countText(static_cast<qint64>(b->group.layers.size()), "layer");
        if (shown.size() < kBoundariesShown)
            shown << QStringLiteral("%1 -> %2 (%3%4)")
                         .arg(b->from, b->to, count,
                              b->group.ms ? QStringLiteral(", ") + millisecondsText(b->group.ms, 4)
                                          : QString());
        facts.push_back({{"from", b->from.toStdString()},
                         {"to", b->to.toStdString()},
                         {"layers", b->group.layers.size()},
                         {"ms", optionalJson(b->group.ms)}});
    }
    const qint64 count = static_cast<qint64>(lead.layers.size());
    const qint64 more = qint64(sorted.size()) - shown.size();
    lead.title =
        QStringLiteral("%1 between formats")
            .arg(titleSubject(plan, lead.layers, "Reformat %1 converts", "%1 Reformats convert"));
    lead.evidence = QStringLiteral("Reformat layers: %1 (%2 of them changing the data type)%3. "
                                   "Format changes: %4%5.")
                        .arg(count)
                        .arg(conversions)
                        .arg(stakeClause(lead.ms, lead.percent, " together"), shown.join("; "),
                             more > 0 ? QStringLiteral("; %1 more").arg(more) : QString());
    lead.nextStep = QStringLiteral(
        "A Reformat sits where neighbouring layers run in different precisions or layouts: give "
        "both sides one precision (in a QAT model, Q/DQ around the float operation between them; "
        "otherwise trtexec --layerPrecisions=NAME:PRECISION --precisionConstraints=obey).");
    if (atBindings > 0)
        lead.nextStep +=
            QStringLiteral(" %1 at the engine's inputs or outputs: build with "
                           "--inputIOFormats/--outputIOFormats set to the format the first and "
                           "last layers run in (e.g. fp16:chw or int8:chw32) and feed that format.")
                .arg(countText(atBindings, "Reformat sits", "Reformats sit"));
    lead.facts = {{"boundaries", facts},
                  {"type_conversions", conversions},
                  {"at_engine_bindings", atBindings}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
