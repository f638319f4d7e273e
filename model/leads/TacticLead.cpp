#include "json/JsonValues.h"
#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"
#include "tactics/TacticLog.h"

#include <QHash>
#include <cmath>

namespace planscope {
namespace {

constexpr int kLayersShown = 3;

// One layer whose chosen tactic is slower than the fastest timed, and what that bought.
struct Trade {
    const Layer* layer = nullptr;
    double chosenMs = 0;
    double fastestMs = 0;
    QString chosenFormat; // the builder's format combination, "Half(..) -> Half(..)"
    QString fastestFormat;
    std::optional<double> reformatMs; // what reformatting to the fastest's formats would cost
};

QString formatAt(const TacticSubject& subject, int format) {
    return format >= 0 && format < subject.formats.size() ? subject.formats[format] : QString();
}

// "A(1,2), B(3) -> C(4)" as {{"A(1,2)", "B(3)"}, {"C(4)"}}: commas inside parentheses stay.
std::pair<QStringList, QStringList> tensorsOf(const QString& combination) {
    const auto split = [](const QString& side) {
        QStringList tensors;
        int depth = 0;
        QString current;
        for (QChar c : side) {
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == ',' && depth == 0) {
                tensors << current.trimmed();
                current.clear();
            } else {
                current += c;
            }
        }
        if (!current.trimmed().isEmpty())
            tensors << current.trimmed();
        return tensors;
    };
    const qsizetype arrow = combination.indexOf(QLatin1String(" -> "));
    if (arrow < 0)
        return {};
    return {split(combination.left(arrow)), split(combination.mid(arrow + 4))};
}

// The fastest time the log's optimizer reformats took per "from -> to" format pair.
QHash<QString, double> reformatTimes(const TacticLog& log) {
    QHash<QString, double> times;
    for (const TacticSubject& subject : log.subjects) {
        if (!subject.name.startsWith(QLatin1String("Optimizer Reformat(")))
            continue;
        for (const TacticTiming& t : subject.timings) {
            const QString format = formatAt(subject, t.format);
            if (format.isEmpty() || !std::isfinite(t.timeMs))
                continue;
            auto it = times.find(format);
            if (it == times.end() || t.timeMs < *it)
                times.insert(format, t.timeMs);
        }
    }
    return times;
}

// What the fastest tactic's formats would add: its inputs reformatted from the chosen formats,
// its outputs back to them. Missing when the log timed no such reformat.
std::optional<double> reformatCost(const Trade& trade, const QHash<QString, double>& times) {
    const auto [chosenIn, chosenOut] = tensorsOf(trade.chosenFormat);
    const auto [fastIn, fastOut] = tensorsOf(trade.fastestFormat);
    if (chosenIn.size() != fastIn.size() || chosenOut.size() != fastOut.size())
        return std::nullopt;
    double cost = 0;
    const auto add = [&](const QString& from, const QString& to) {
        if (from == to)
            return true;
        const auto it = times.find(from + QStringLiteral(" -> ") + to);
        if (it == times.end())
            return false;
        cost += *it;
        return true;
    };
    for (qsizetype i = 0; i < chosenIn.size(); ++i)
        if (!add(chosenIn[i], fastIn[i]))
            return std::nullopt;
    for (qsizetype i = 0; i < chosenOut.size(); ++i)
        if (!add(fastOut[i], chosenOut[i]))
            return std::nullopt;
    return cost;
}

QString tradeText(const Trade& t) {
    QString text = QStringLiteral("%1 runs its chosen tactic in %2 ms, %3 % slower than the "
                                  "fastest timed (%4 ms)")
                       .arg(quotedLayer(*t.layer), QString::number(t.chosenMs, 'g', 4))
                       .arg((t.chosenMs / t.fastestMs - 1) * 100, 0, 'f', 0)
                       .arg(QString::number(t.fastestMs, 'g', 4));
    if (t.chosenFormat.isEmpty() || t.fastestFormat.isEmpty())
        return text; // the log names no format combination
    if (t.chosenFormat == t.fastestFormat)
        return text + QStringLiteral(" in the same formats");
    text += QStringLiteral(", which reads and writes %1 where the chosen one has %2")
                .arg(t.fastestFormat, t.chosenFormat);
    if (t.reformatMs)
        text += QStringLiteral("; reformatting to those formats costs %1 ms (as timed in the "
                               "log), against %2 ms saved")
                    .arg(QString::number(*t.reformatMs, 'g', 3))
                    .arg(QString::number(t.chosenMs - t.fastestMs, 'g', 3));
    return text;
}

} // namespace

// With a verbose build log: layers whose chosen tactic is slower than the fastest one timed.
void findSlowerTactics(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    const TacticLog& log = *plan.tactics;
    std::vector<Trade> trades;
    for (const Layer& layer : plan.layers) {
        const TacticSubject* subject = log.subjectForLayer(layer.name);
        if (!subject)
            continue;
        const TacticSummary summary = summarizeSubject(log, *subject);
        if (!summary.fastest || !summary.chosenMs || summary.fastest->timeMs <= 0 ||
            *summary.chosenMs <= summary.fastest->timeMs * kSlowerTacticRatio)
            continue;
        trades.push_back({&layer, *summary.chosenMs, summary.fastest->timeMs,
                          formatAt(*subject, summary.chosen->format),
                          formatAt(*subject, summary.fastest->format), std::nullopt});
    }
    if (trades.empty())
        return;
    const QHash<QString, double> times = reformatTimes(log);
    Lead lead;
    QStringList shown;
    OrderedJson facts = OrderedJson::array();
    bool formatsTraded = false;
    std::stable_sort(trades.begin(), trades.end(), [](const Trade& a, const Trade& b) {
        return a.chosenMs - a.fastestMs > b.chosenMs - b.fastestMs;
    });
    for (Trade& t : trades) {
        t.reformatMs = reformatCost(t, times);
        formatsTraded = formatsTraded || t.chosenFormat != t.fastestFormat;
        lead.layers.push_back(t.layer->index);
        if (shown.size() < kLayersShown)
            shown << tradeText(t);
        facts.push_back({{"layer", t.layer->index},
                         {"chosen_ms", t.chosenMs},
                         {"fastest_ms", t.fastestMs},
                         {"chosen_format", t.chosenFormat.toStdString()},
                         {"fastest_format", t.fastestFormat.toStdString()},
                         {"reformat_ms", optionalJson(t.reformatMs)}});
    }
    const qint64 count = qint64(trades.size());
    lead.title =
        QStringLiteral("%1 than the fastest tactic timed")
            .arg(titleSubject(plan, lead.layers, "%1 runs slower", "%1 layers run slower"));
    lead.evidence = QStringLiteral("From %1: %2%3.")
                        .arg(displayName(log.path), shown.join(QStringLiteral("; ")),
                             count > shown.size() ? QStringLiteral("; ...") : QString());
    lead.nextStep =
        formatsTraded
            ? QStringLiteral("The builder kept the formats the neighbouring layers use, because "
                             "reformats would cost more than the faster tactic saves. To gain, "
                             "change the neighbours too: one precision and layout on both sides "
                             "(--layerPrecisions, --precisionConstraints=obey). Where no format "
                             "was traded the timings may be noise: rebuild with --avgTiming=8 and "
                             "a fresh timing cache.")
            : QStringLiteral("No format was traded, so the choice may rest on noisy timings of "
                             "short kernels or a stale timing cache: rebuild with --avgTiming=8 "
                             "and without --timingCacheFile (or with a new one).");
    lead.facts = {{"log", log.path.toStdString()}, {"layers", facts}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
