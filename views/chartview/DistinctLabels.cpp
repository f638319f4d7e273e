#include "chartview/DistinctLabels.h"

#include <QFontMetricsF>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <set>
#include <vector>

namespace planscope::charts {
namespace {

const QString kEllipsis = QStringLiteral("\u2026");

// A label's words, each with the separator before it ("sm80", "_xmma", "_fprop" ...).
struct Words {
    QStringList words;
    QSet<QString> bare; // without separators, for comparing

    explicit Words(const QString& text) {
        static const QRegularExpression separator(QStringLiteral("(?=[_ ./:,-])"));
        words = text.split(separator, Qt::SkipEmptyParts);
        for (const QString& w : words)
            bare.insert(bareWord(w));
    }
    static QString bareWord(const QString& word) {
        return word.front().isLetterOrNumber() ? word : word.mid(1);
    }
};

// The chosen words of a label in text order, "…" where words are left out.
QString joinChosen(const Words& label, const std::set<qsizetype>& chosen) {
    QString text;
    qsizetype previous = -1;
    for (qsizetype p : chosen) {
        if (p != previous + 1)
            text += kEllipsis + Words::bareWord(label.words[p]);
        else
            text += previous < 0 ? Words::bareWord(label.words[p]) : label.words[p];
        previous = p;
    }
    return previous < label.words.size() - 1 ? text + kEllipsis : text;
}

// Positions of the words that tell `label` from each of `others`: greedily the word the most
// of them lack, until each lacks one; where a label has every word of this one, the last word
// (the text shows where it ends).
std::set<qsizetype> tellingWords(const Words& label, std::vector<const Words*> others) {
    std::set<qsizetype> chosen;
    while (!others.empty()) {
        qsizetype best = -1;
        std::size_t bestCount = 0;
        for (qsizetype p = 0; p < label.words.size(); ++p) {
            const QString word = Words::bareWord(label.words[p]);
            const auto count = static_cast<std::size_t>(
                std::count_if(others.begin(), others.end(),
                              [&](const Words* o) { return !o->bare.contains(word); }));
            if (count > bestCount) {
                best = p;
                bestCount = count;
            }
        }
        if (best < 0) {
            chosen.insert(label.words.size() - 1);
            break;
        }
        const QString word = Words::bareWord(label.words[best]);
        std::erase_if(others, [&](const Words* o) { return !o->bare.contains(word); });
        chosen.insert(best);
    }
    return chosen;
}

// A reader cannot tell two shortened labels apart when one shows no more than the start of the
// other ("…tilesize256x128x64_stag…" and "…tilesize256x128x64_stage…").
bool lookAlike(const QString& a, const QString& b) {
    const auto startOf = [](const QString& cut, const QString& whole) {
        return cut.endsWith(kEllipsis) ? whole.startsWith(cut.chopped(1)) : whole == cut;
    };
    return startOf(a, b) || startOf(b, a);
}

// `text` elided by `mode`, without the "……" eliding next to a left-out word would make.
QString elided(const QString& text, Qt::TextElideMode mode, const QFontMetricsF& metrics,
               double width) {
    QString result = metrics.elidedText(text, mode, width);
    result.replace(kEllipsis + kEllipsis, kEllipsis);
    return result;
}

} // namespace

QStringList distinctLabels(const QStringList& texts, const QFontMetricsF& metrics, double width) {
    std::vector<Words> words;
    for (const QString& t : texts)
        words.emplace_back(t);
    // Words every text has tell none apart: they are never added back for context.
    QSet<QString> shared = words.empty() ? QSet<QString>() : words.front().bare;
    for (const Words& w : words)
        shared &= w.bare;
    QStringList shown;
    QStringList joined = texts; // the telling words of each, before eliding
    for (qsizetype i = 0; i < texts.size(); ++i) {
        if (metrics.horizontalAdvance(texts[i]) <= width) {
            shown << texts[i];
            continue;
        }
        std::vector<const Words*> others;
        for (qsizetype j = 0; j < texts.size(); ++j)
            if (j != i && texts[j] != texts[i])
                others.push_back(&words[std::size_t(j)]);
        const Words& label = words[std::size_t(i)];
        std::set<qsizetype> chosen = tellingWords(label, others);
        if (chosen.empty()) { // nothing to tell apart from
            shown << metrics.elidedText(texts[i], Qt::ElideMiddle, width);
            continue;
        }
        // Room left: add the other words not all texts share, in text order, while they fit.
        for (qsizetype p = 0; p < label.words.size(); ++p) {
            if (chosen.count(p) || shared.contains(Words::bareWord(label.words[p])))
                continue;
            std::set<qsizetype> more = chosen;
            more.insert(p);
            if (metrics.horizontalAdvance(joinChosen(label, more)) <= width)
                chosen = std::move(more);
        }
        // Too wide still: cut the middle, keeping the first and last telling words.
        joined[i] = joinChosen(label, chosen);
        shown << elided(joined[i], Qt::ElideMiddle, metrics, width);
    }
    // A label cut so that it looks like another: cut it elsewhere, where it does not.
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const auto alike = [&](const QString& candidate) {
            for (qsizetype j = 0; j < shown.size(); ++j)
                if (j != i && texts[j] != texts[i] && lookAlike(candidate, shown[j]))
                    return true;
            return false;
        };
        if (!alike(shown[i]))
            continue;
        for (Qt::TextElideMode mode : {Qt::ElideLeft, Qt::ElideRight}) {
            const QString candidate = elided(joined[i], mode, metrics, width);
            if (!alike(candidate)) {
                shown[i] = candidate;
                break;
            }
        }
    }
    return shown;
}

} // namespace planscope::charts
