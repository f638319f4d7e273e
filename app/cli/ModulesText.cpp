#include "cli/ModulesText.h"

#include "compare/PlanLabels.h"
#include "compare/UniformChange.h"
#include "plan/FigureText.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

constexpr int kNameWidth = 56;
constexpr int kBarWidth = 20;
constexpr int kUnattributedListed = 10;

QString elideMiddle(const QString& text, int width) {
    if (text.size() <= width)
        return text;
    const int keep = (width - 3) / 2;
    return text.left(keep) + QStringLiteral("...") + text.right(width - 3 - keep);
}

// A bar of `percent` of kBarWidth cells, in eighths.
QString bar(std::optional<double> percent) {
    if (!percent)
        return {};
    static const QString kEighths = QStringLiteral(" ▏▎▍▌▋▊▉");
    const int eighths = int(std::lround(std::clamp(*percent, 0.0, 100.0) / 100.0 * kBarWidth * 8));
    QString text(eighths / 8, QChar(0x2588));
    if (eighths % 8)
        text += kEighths[eighths % 8];
    return text;
}

QString noPathsLine(const QString& plan) {
    return QStringLiteral("%1: no layer names a module path (its ONNX nodes are named like "
                          "\"Conv_12\", as older exporters name them), so the model's modules "
                          "are not known; every attributed layer sits at the model's root.\n")
        .arg(plan);
}

} // namespace

QString moduleTreeText(const EnginePlan& plan, const ModuleTree& tree, int maxDepth) {
    QString text;
    const Module& root = tree.root();
    text += QStringLiteral("Modules of %1: %2 in %3 (%4 attributed to the model's modules, %5 "
                           "unattributed)\n")
                .arg(plan.name, millisecondsText(tree.totalMs),
                     countText(qint64(plan.layers.size()), QStringLiteral("layer")),
                     countText(root.layers, QStringLiteral("layer")),
                     countText(qint64(tree.unattributedLayers.size()), QStringLiteral("layer")));
    if (!tree.totalMs)
        text += QStringLiteral("No per-layer timings: times are missing (-). %1\n")
                    .arg(QString::fromLatin1(kPerLayerTimingsHint));
    if (!tree.hasPaths())
        text += noPathsLine(plan.name);
    // Self: the time of a module's own layers, so its children and it add up to its time.
    text += QStringLiteral("\n%1 %2 %3 %4 %5\n")
                .arg(QStringLiteral("Module"), -kNameWidth)
                .arg(QStringLiteral("Time"), 11)
                .arg(QStringLiteral("Self"), 11)
                .arg(QStringLiteral("Share"), 8)
                .arg(QStringLiteral("Layers"), 7);
    for (int index : tree.preorder(maxDepth)) {
        const Module& m = tree.modules[std::size_t(index)];
        const QString indent(qsizetype(2) * m.depth, u' ');
        const QString name = indent + elideMiddle(moduleDisplayName(m),
                                                  std::max(12, kNameWidth - int(indent.size())));
        const std::optional<double> share = tree.percent(m);
        text += QStringLiteral("%1 %2 %3 %4 %5  %6\n")
                    .arg(name, -kNameWidth)
                    .arg(millisecondsText(m.ms), 11)
                    .arg(millisecondsText(m.selfMs), 11)
                    .arg(percentText(share), 8)
                    .arg(m.layers, 7)
                    .arg(bar(share));
    }
    if (!tree.unattributedLayers.empty()) {
        QStringList names;
        for (int i = 0; i < std::min<int>(kUnattributedListed, int(tree.unattributedLayers.size()));
             ++i)
            names << plan.layers[std::size_t(tree.unattributedLayers[std::size_t(i)])].name;
        text +=
            QStringLiteral("\nUnattributed (no ONNX node in Metadata or name): %1, %2: %3%4\n")
                .arg(countText(qint64(tree.unattributedLayers.size()), QStringLiteral("layer")),
                     millisecondsText(tree.unattributedMs), names.join(QStringLiteral("; ")),
                     tree.unattributedLayers.size() > kUnattributedListed ? QStringLiteral("; ...")
                                                                          : QString());
    }
    return text;
}

QString moduleComparisonText(const EnginePlan& a, const EnginePlan& b,
                             const ModuleComparison& comparison, double threshold) {
    QString text;
    if (const QString warning = modulesUniformChangeWarning(a, b, comparison); !warning.isEmpty())
        text += QStringLiteral("Warning: %1\n\n").arg(warning);
    const QStringList labels = planLabels(a, b); // as the other compare modes name A and B
    text += QStringLiteral("Time by module: A = %1 (%2), B = %3 (%4), each engine's layers "
                           "attributed by the same rule; largest |delta| first.\n")
                .arg(labels[0], millisecondsText(comparison.a.totalMs), labels[1],
                     millisecondsText(comparison.b.totalMs));
    if (!comparison.a.hasPaths())
        text += noPathsLine(QStringLiteral("A (%1)").arg(labels[0]));
    if (!comparison.b.hasPaths())
        text += noPathsLine(QStringLiteral("B (%1)").arg(labels[1]));
    text += QStringLiteral("\n%1 %2 %3 %4 %5\n")
                .arg(QStringLiteral("Module"), -kNameWidth)
                .arg(QStringLiteral("A"), 11)
                .arg(QStringLiteral("B"), 11)
                .arg(QStringLiteral("Delta"), 11)
                .arg(QStringLiteral("Speedup"), 9);
    for (int row : comparison.byDelta()) {
        const ModuleDelta& d = comparison.modules[std::size_t(row)];
        const auto speedup = d.speedup();
        QString verdict;
        if (speedup && *speedup > 1 + threshold)
            verdict = QStringLiteral("  faster");
        else if (speedup && *speedup < 1 - threshold)
            verdict = QStringLiteral("  slower");
        else if (!d.aMs || !d.bMs)
            verdict = !d.aMs && d.moduleA < 0   ? QStringLiteral("  only in B")
                      : !d.bMs && d.moduleB < 0 ? QStringLiteral("  only in A")
                                                : QString();
        const auto delta = d.delta();
        text += QStringLiteral("%1 %2 %3 %4 %5%6\n")
                    .arg(elideMiddle(d.path, kNameWidth), -kNameWidth)
                    .arg(millisecondsText(d.aMs), 11)
                    .arg(millisecondsText(d.bMs), 11)
                    .arg(delta ? QStringLiteral("%1%2 ms")
                                     .arg(*delta >= 0 ? "+" : "")
                                     .arg(*delta, 0, 'f', 3)
                               : kMissingText,
                         11)
                    .arg(speedup ? QStringLiteral("%1x").arg(*speedup, 0, 'f', 2) : kMissingText, 9)
                    .arg(verdict);
    }
    for (const ModuleDelta& d : comparison.modules)
        if (d.unattributed)
            text += QStringLiteral("\nIn no module (no ONNX node in Metadata or name): A %1 (%2), "
                                   "B %3 (%4)\n")
                        .arg(millisecondsText(d.aMs),
                             countText(qint64(d.aLayers), QStringLiteral("layer")),
                             millisecondsText(d.bMs),
                             countText(qint64(d.bLayers), QStringLiteral("layer")));
    return text;
}

} // namespace planscope
