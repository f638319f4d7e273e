#include "compare/PlanLabels.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace planscope {
namespace {

// The parts of the plan's path, last first: "resnet.onnx.engine", "fp32", "resnet-a100" ...
QStringList reversedParts(const EnginePlan& plan) {
    QString path =
        plan.sources.graph.isEmpty() ? plan.name : QFileInfo(plan.sources.graph).absoluteFilePath();
    if (path.endsWith(QLatin1String(".graph.json")))
        path.chop(int(sizeof(".graph.json")) - 1);
    QStringList parts = QDir::fromNativeSeparators(path).split('/', Qt::SkipEmptyParts);
    std::reverse(parts.begin(), parts.end());
    return parts;
}

bool allDifferent(const QStringList& labels) {
    return QSet<QString>(labels.cbegin(), labels.cend()).size() == labels.size();
}

} // namespace

QStringList planLabels(const std::vector<const EnginePlan*>& plans) {
    std::vector<QStringList> parts;
    qsizetype longest = 0;
    for (const EnginePlan* plan : plans) {
        parts.push_back(reversedParts(*plan));
        longest = std::max(longest, parts.back().size());
    }
    const auto ends = [&](qsizetype depth) {
        QStringList labels;
        for (const QStringList& p : parts) {
            QStringList end = p.mid(0, depth);
            std::reverse(end.begin(), end.end());
            labels << end.join('/');
        }
        return labels;
    };
    for (qsizetype depth = 1; depth <= longest; ++depth)
        if (QStringList labels = ends(depth); allDifferent(labels))
            return labels;
    QStringList labels = ends(1); // the same file more than once
    for (qsizetype i = 0; i < labels.size(); ++i)
        labels[i] += QStringLiteral(" (%1)").arg(i + 1);
    return labels;
}

QStringList planLabels(const EnginePlan& a, const EnginePlan& b) {
    return planLabels(std::vector<const EnginePlan*>{&a, &b});
}

} // namespace planscope
