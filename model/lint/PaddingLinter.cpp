#include "lint/PaddingLinter.h"

#include "lint/LintCatalog.h"
#include "plan/CompactJson.h"
#include "plan/EnginePlan.h"
#include "plan/LayerAttributes.h"

#include <algorithm>
#include <array>
#include <limits>

namespace planscope {
namespace {

// "[3,3]" -> {3, 3}; empty when the text is not a list of numbers (each a 32-bit integer).
std::vector<qint64> numbers(QStringView list) {
    std::vector<qint64> values;
    list = list.trimmed();
    if (list.startsWith(u'['))
        list = list.mid(1);
    if (list.endsWith(u']'))
        list.chop(1);
    for (QStringView part : list.tokenize(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        values.push_back(part.trimmed().toInt(&ok));
        if (!ok)
            return {};
    }
    return values;
}

// An attribute's JSON text as a list of numbers; empty when it is missing or not one. Every
// real graph writes "[3,3]", read without a conversion to text or another copy (a large plan
// has thousands of convolutions, and the leads read them again).
std::vector<qint64> numbers(const Layer& layer, std::string_view key,
                            std::optional<std::string_view> json) {
    if (!json)
        return {};
    std::optional<std::vector<qint64>> compact = compactIntegerList(*json);
    if (!compact)
        return numbers(layer.attribute(QString::fromLatin1(key.data(), qsizetype(key.size()))));
    const auto inRange = [](qint64 v) {
        return v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max();
    };
    if (!std::all_of(compact->begin(), compact->end(), inRange))
        return {};
    return std::move(*compact);
}

QString listText(const std::vector<qint64>& values) {
    QStringList parts;
    for (qint64 v : values)
        parts << QString::number(v);
    return '[' + parts.join(',') + ']';
}

} // namespace

QStringList PaddingLinter::rules() const {
    return {lintrules::kConvNonstandardPadding};
}

void PaddingLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                         std::vector<LintFinding>& findings) const {
    forEachCoveredLayer(plan, settings, [&](const Layer& conv) {
        if (!conv.isConvolution())
            return;
        constexpr std::array<std::string_view, 5> kKeys = {"Kernel", "PrePadding", "PostPadding",
                                                           "Stride", "Dilation"};
        std::array<std::optional<std::string_view>, kKeys.size()> json;
        attributesJson(conv, kKeys, json);
        const std::vector<qint64> kernel = numbers(conv, kKeys[0], json[0]);
        const std::vector<qint64> pre = numbers(conv, kKeys[1], json[1]);
        const std::vector<qint64> post = numbers(conv, kKeys[2], json[2]);
        const std::vector<qint64> stride = numbers(conv, kKeys[3], json[3]);
        std::vector<qint64> dilation = numbers(conv, kKeys[4], json[4]);
        if (kernel.empty() || pre.size() != kernel.size() || post.size() != kernel.size())
            return;
        if (dilation.size() != kernel.size())
            dilation.assign(kernel.size(), 1);
        std::vector<qint64> expected(kernel.size());
        bool keepsSize = true;
        for (std::size_t i = 0; i < kernel.size(); ++i) {
            expected[i] = dilation[i] * (kernel[i] - 1) / 2;
            keepsSize = keepsSize && (kernel[i] % 2 == 0 || pre[i] == expected[i]);
        }
        const bool unitStride =
            std::all_of(stride.begin(), stride.end(), [](qint64 s) { return s == 1; });
        const bool asymmetric = pre != post;
        if (!asymmetric && (keepsSize || !unitStride))
            return;

        LintFinding f = findingOn(conv, lintrules::kConvNonstandardPadding);
        f.hazard = asymmetric
                       ? QStringLiteral("Convolution pads asymmetrically (before %1, after %2).")
                             .arg(listText(pre), listText(post))
                       : QStringLiteral("Convolution padding %1 does not keep the spatial size "
                                        "of its stride-1 %2 kernel (expected %3).")
                             .arg(listText(pre), listText(kernel), listText(expected));
        f.mitigation = QStringLiteral("Pad symmetrically by (K-1)/2 per side, e.g. [3,3] for a "
                                      "7x7 kernel, or move the extra padding into the model's "
                                      "input preparation.");
        f.help = QStringLiteral("The fastest convolution kernels assume symmetric padding that "
                                "keeps the spatial size; other paddings can force slower, more "
                                "general kernels or a separate padding pass.");
        f.details = {{QStringLiteral("kernel"), listText(kernel)},
                     {QStringLiteral("stride"), listText(stride)},
                     {QStringLiteral("padding"),
                      QStringLiteral("before %1, after %2").arg(listText(pre), listText(post))},
                     {QStringLiteral("expected"), listText(expected)}};
        findings.push_back(std::move(f));
    });
}

} // namespace planscope
