#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "lint/ConvolutionLinter.h"
#include "lint/LintCatalog.h"
#include "lint/PaddingLinter.h"
#include "plan/FigureText.h"

namespace planscope {
namespace {

constexpr int kFindingsShown = 3;

// A lead of the findings of one convolution lint rule, with the time of their layers; the
// layers `leftOut` names (the rule's usual exceptions) are counted apart.
void addLintLead(const LeadScale& scale, const Linter& linter, const QString& rule,
                 const QString& title, const QString& nextStep, std::vector<Lead>& leads,
                 bool (*leftOut)(const Layer&) = nullptr, const char* leftOutText = nullptr) {
    LintSettings only; // the other rules of the linter do not run
    for (const QString& other : linter.rules())
        if (other != rule)
            only.disabled.insert(other);
    std::vector<LintFinding> findings;
    linter.lint(scale.plan(), only, findings);
    std::erase_if(findings, [&](const LintFinding& f) { return f.rule != rule; });
    const auto left =
        leftOut ? std::erase_if(findings,
                                [&](const LintFinding& f) {
                                    return leftOut(scale.plan().layers[std::size_t(f.layerIndex)]);
                                })
                : 0;
    if (findings.empty())
        return;
    Lead lead;
    QStringList shown;
    for (const LintFinding& f : findings) {
        lead.layers.push_back(f.layerIndex);
        if (shown.size() < kFindingsShown) {
            QStringList details;
            for (const auto& [key, value] : f.details)
                if (key != QLatin1String("tactic") && key != QLatin1String("subtype"))
                    details << key + ' ' + value;
            shown << QStringLiteral("%1 (%2)").arg(
                quotedLayer(scale.plan().layers[std::size_t(f.layerIndex)]),
                details.join(QStringLiteral(", ")));
        }
    }
    scale.weigh(lead);
    const qint64 count = qint64(findings.size());
    lead.title =
        title.arg(titleSubject(scale.plan(), lead.layers, "Convolution %1", "%1 convolutions"));
    lead.evidence = QStringLiteral("The %1 lint rule finds %2%3: %4%5.")
                        .arg(rule, countText(count, "convolution"),
                             stakeClause(lead.ms, lead.percent, " together"), shown.join("; "),
                             count > shown.size() ? QStringLiteral("; ...") : QString());
    if (left > 0)
        lead.evidence +=
            QStringLiteral(" Left out: %1 %2.")
                .arg(countText(qint64(left), "convolution"), QString::fromLatin1(leftOutText));
    lead.nextStep = nextStep;
    leads.push_back(std::move(lead));
}

} // namespace

void findUnalignedConvolutions(const LeadScale& scale, std::vector<Lead>& leads) {
    addLintLead(
        scale, ConvolutionLinter(), lintrules::kConvChannelAlignment,
        QStringLiteral("%1 with channel counts Tensor Cores do not fit"),
        QStringLiteral("Make input and output channel counts multiples of 8 (16 for INT8) in the "
                       "model, padding weights with zeros where needed."),
        leads, readsImageChannels,
        "reading an image's channels (4 or fewer, the usual exception, served by dedicated "
        "kernels)");
}

void findUnusualPadding(const LeadScale& scale, std::vector<Lead>& leads) {
    addLintLead(
        scale, PaddingLinter(), lintrules::kConvNonstandardPadding,
        QStringLiteral("%1 with padding that does not keep the size"),
        QStringLiteral("Pad symmetrically by (K-1)/2 per side, e.g. [3,3] for a 7x7 kernel, or "
                       "move the extra padding into the model's input preparation, so the "
                       "fastest kernels apply."),
        leads);
}

} // namespace planscope
