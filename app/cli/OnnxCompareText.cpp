#include "cli/OnnxCompareText.h"

#include "compare/PlanLabels.h"
#include "plan/FigureText.h"

#include <QTextStream>

namespace planscope {
namespace {

QString ms(std::optional<double> value) {
    return numberText(value, 4);
}

QString speedupText(const OnnxGroup& group, double threshold) {
    if (group.onlyIn == OnnxOnlyIn::A)
        return QStringLiteral("A only");
    if (group.onlyIn == OnnxOnlyIn::B)
        return QStringLiteral("B only");
    if (!group.speedup)
        return kMissingText;
    QString text = QString::number(*group.speedup, 'f', 2) + 'x';
    if (*group.speedup > 1 + threshold)
        text += QStringLiteral(" faster");
    else if (*group.speedup < 1 - threshold)
        text += QStringLiteral(" slower");
    return text;
}

void printGroups(QTextStream& text, const OnnxComparison& comparison, double threshold) {
    const auto count = [&](auto predicate) {
        return std::count_if(comparison.groups.begin(), comparison.groups.end(), predicate);
    };
    text << QStringLiteral("%1: %2 fuse differently (*), %3 only in A, %4 only in B; %5 named "
                           "by both engines.\n")
                .arg(countText(qint64(comparison.groups.size()), QStringLiteral("ONNX group")))
                .arg(count([](const OnnxGroup& g) { return g.fusionDiffers; }))
                .arg(count([](const OnnxGroup& g) { return g.onlyIn == OnnxOnlyIn::A; }))
                .arg(count([](const OnnxGroup& g) { return g.onlyIn == OnnxOnlyIn::B; }))
                .arg(countText(comparison.sharedNodes, QStringLiteral("ONNX node")));
    if (comparison.groups.empty())
        return;
    text << QStringLiteral("Largest |delta| first; groups without both times after, in A's "
                           "order. Times include the reformatting copies TensorRT inserted for a "
                           "group's layers; layers A:B counts the layers implementing it.\n\n");
    const QString row = QStringLiteral("%1 %2 %3  %4 %5 %6  %7\n");
    text << row.arg(QStringLiteral("A ms"), 9)
                .arg(QStringLiteral("B ms"), 9)
                .arg(QStringLiteral("delta ms"), 9)
                .arg(QStringLiteral("speedup"), -14)
                .arg(QStringLiteral("shape"), -5)
                .arg(QStringLiteral("layers"), -7)
                .arg(QStringLiteral("ONNX nodes"));
    for (const OnnxGroup* group : groupsByDelta(comparison))
        text << row.arg(ms(group->a.ms), 9)
                    .arg(ms(group->b.ms), 9)
                    .arg(ms(group->deltaMs), 9)
                    .arg(speedupText(*group, threshold), -14)
                    .arg(group->shape + (group->fusionDiffers ? QStringLiteral("*") : QString()),
                         -5)
                    .arg(QStringLiteral("%1:%2")
                             .arg(group->a.layerCount())
                             .arg(group->b.layerCount()),
                         -7)
                    .arg(onnxNodesText(group->nodes, 3));
}

void printReconciliation(QTextStream& text, const OnnxComparison& comparison) {
    const QString row = QStringLiteral("  %1 %2 %3\n");
    text << QStringLiteral("\nTime (ms)\n") << row.arg(QString(), -30).arg("A", 9).arg("B", 9);
    text << row.arg(QStringLiteral("in groups"), -30)
                .arg(ms(comparison.a.groupedMs), 9)
                .arg(ms(comparison.b.groupedMs), 9);
    text << row.arg(QStringLiteral("unattributed"), -30)
                .arg(ms(comparison.a.unattributedMs), 9)
                .arg(ms(comparison.b.unattributedMs), 9);
    text << row.arg(QStringLiteral("total (sum of layer averages)"), -30)
                .arg(ms(comparison.a.totalMs), 9)
                .arg(ms(comparison.b.totalMs), 9);
}

void printUnattributed(QTextStream& text, const OnnxComparison& comparison) {
    if (comparison.unattributed.empty()) {
        text << QStringLiteral("\nUnattributed layers: none (every layer names its ONNX nodes or "
                               "is a copy for one that does).\n");
        return;
    }
    text << QStringLiteral("\nUnattributed layers (no ONNX origin), paired by name:\n")
         << QStringLiteral("%1 %2  name\n").arg(QStringLiteral("A ms"), 9).arg("B ms", 9);
    for (const OnnxUnattributed& row : comparison.unattributed) // "-": no such layer, or untimed
        text << QStringLiteral("%1 %2  %3\n").arg(ms(row.aMs), 9).arg(ms(row.bMs), 9).arg(row.name);
}

} // namespace

QString onnxComparisonText(const EnginePlan& a, const EnginePlan& b,
                           const OnnxComparison& comparison, double threshold) {
    QString result;
    QTextStream text(&result);
    const QStringList labels = planLabels(a, b);
    text << QStringLiteral("A: %1\nB: %2\n\n").arg(labels[0], labels[1]);
    // What to know to read the rows comes before them: a note that the engines share no ONNX
    // node would otherwise follow hundreds of one-sided groups.
    if (!comparison.notes.empty()) {
        text << QStringLiteral("Notes:\n");
        for (const OnnxNote& note : comparison.notes)
            text << QStringLiteral("  - ") << note.text << '\n';
        text << '\n';
    }
    printGroups(text, comparison, threshold);
    printReconciliation(text, comparison);
    printUnattributed(text, comparison);
    text.flush();
    return result;
}

} // namespace planscope
