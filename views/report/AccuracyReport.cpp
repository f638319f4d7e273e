#include "report/AccuracyReport.h"

#include "accuracy/HistogramView.h"

#include <QFileInfo>
#include <QPainter>
#include <cmath>

namespace planscope::report {
namespace {

// The first failing tensor, else the one with the largest relative error; -1 for none.
int shownTensor(const AccuracyLog& log) {
    if (const int first = log.firstFailed(); first >= 0)
        return first;
    int worst = -1;
    for (std::size_t i = 0; i < log.tensors.size(); ++i)
        if (log.tensors[i].relError.max &&
            (worst < 0 || *log.tensors[i].relError.max >
                              log.tensors[std::size_t(worst)].relError.max.value_or(0)))
            worst = int(i);
    return worst;
}

} // namespace

void addAccuracy(Report& report, const AccuracyLog& log, const EnginePlan* plan,
                 const std::vector<TensorLayer>& mapping) {
    Section& section = report.addSection(QStringLiteral("accuracy"), QStringLiteral("Accuracy"));
    const QString file = QFileInfo(log.path).fileName();
    section.blocks.emplace_back(
        Paragraph{log.validationOnly()
                      ? QStringLiteral("%1 (polygraphy): %2; %3.")
                            .arg(file, log.runnersText(), log.validationText())
                      : QStringLiteral("%1 (polygraphy): %2; %3 tensors compared, %4 failed%5.")
                            .arg(file, log.runnersText())
                            .arg(log.tensors.size())
                            .arg(log.failedTensors())
                            .arg(log.iterationsTotal ? QStringLiteral("; iterations passed %1/%2")
                                                           .arg(log.iterationsPassed.value_or(0))
                                                           .arg(*log.iterationsTotal)
                                                     : QString())});
    const auto layerOf = [&](std::size_t i) {
        if (!plan)
            return QString();
        const int layer = i < mapping.size() ? mapping[i].layer : -1;
        return layer < 0
                   ? QStringLiteral("(none)")
                   : QStringLiteral("%1 %2").arg(layer).arg(plan->layers[std::size_t(layer)].name);
    };
    if (const int first = log.firstFailed(); first >= 0)
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("First failing tensor: %1%2.")
                .arg(log.tensors[std::size_t(first)].name,
                     plan ? QStringLiteral(", computed by layer ") + layerOf(std::size_t(first))
                          : QString())});
    if (const int first = log.firstOverflow(); first >= 0)
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("First FP16 overflow: %1 (%2)%3.")
                .arg(log.tensors[std::size_t(first)].name,
                     log.tensors[std::size_t(first)].overflowText(),
                     plan ? QStringLiteral(", computed by layer ") + layerOf(std::size_t(first))
                          : QString())});
    if (const QString unmatched = plan ? unmatchedPlanText(log, *plan, mapping) : QString();
        !unmatched.isEmpty())
        section.blocks.emplace_back(Paragraph{unmatched});
    else if (plan && !log.tensors.empty())
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("Layers are this plan's: `mark all` builds another engine than the one "
                           "profiled, so a tensor maps to the layer of this plan that writes it or "
                           "names its ONNX node."),
            true});
    Table table;
    table.columns = {{QStringLiteral("Tensor"), false, true},
                     {QStringLiteral("Verdict")},
                     {QStringLiteral("Max abs"), true},
                     {QStringLiteral("Max rel"), true},
                     {QStringLiteral("Required abs / rel"), true}};
    const bool overflows = log.firstOverflow() >= 0;
    if (overflows)
        table.columns.insert(table.columns.begin() + 2, {QStringLiteral("FP16 overflow")});
    if (plan)
        table.columns.push_back({QStringLiteral("Layer"), false, true});
    for (std::size_t i = 0; i < log.tensors.size(); ++i) {
        const ComparedTensor& t = log.tensors[i];
        std::vector<Cell> row{
            {t.name, {}},
            {!t.passed   ? QStringLiteral("?")
             : *t.passed ? QStringLiteral("passed")
                         : QStringLiteral("FAILED"),
             {}},
            {statText(t.absError.max), {}},
            {statText(t.relError.max), {}},
            {statText(t.requiredAbs) + QStringLiteral(" / ") + statText(t.requiredRel), {}}};
        if (overflows)
            row.insert(row.begin() + 2, {t.overflowText(), {}});
        if (plan)
            row.push_back({layerOf(i), {}});
        table.rows.push_back(std::move(row));
    }
    if (!table.rows.empty())
        section.blocks.emplace_back(std::move(table));
    for (const OutputValidation& v : log.validations)
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("Validation of %1 (%2): %3%4")
                .arg(v.output, v.runner,
                     v.passed == true ? QStringLiteral("valid") : QStringLiteral("FAILED"),
                     v.findingsText().isEmpty() ? QString()
                                                : QStringLiteral(", ") + v.findingsText())});
    if (const int shown = shownTensor(log); shown >= 0) {
        // The log (and so the tensor) lives while the report does: the report keeps it.
        const ComparedTensor* tensor = &log.tensors[std::size_t(shown)];
        section.blocks.emplace_back(
            Picture{QStringLiteral("Values and errors of %1").arg(tensor->name),
                    QSizeF(640, 380),
                    [tensor](QPainter& painter, const QRectF&) {
                        QFont font;
                        font.setPixelSize(11);
                        HistogramView::paint(painter, QRectF(0, 0, 640, 380), tensor, font);
                    },
                    {}});
    }
}

} // namespace planscope::report
