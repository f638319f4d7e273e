#include "chartview/ChartText.h"

#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QRegularExpression>
#include <QSet>

namespace planscope::charts {
namespace {

const QString kEllipsis = QStringLiteral("\u2026");

void record(PaintContext& c, const QRectF& ink, const QString& text) {
    c.texts.push_back({c.painter.transform().mapRect(ink), text});
}

// Words of a label, each with the separator before it ("sm80", "_xmma", "_fprop" ...).
QStringList wordsOf(const QString& text) {
    static const QRegularExpression separator(QStringLiteral("(?=[_ ./:,-])"));
    QStringList words = text.split(separator);
    words.removeAll(QString());
    return words;
}

QString bareWord(const QString& word) {
    return word.isEmpty() || word.front().isLetterOrNumber() ? word : word.mid(1);
}

// The words every text of `group` has.
QSet<QString> commonWords(const QStringList& group) {
    QSet<QString> common;
    for (qsizetype i = 0; i < group.size(); ++i) {
        QSet<QString> words;
        for (const QString& w : wordsOf(group[i]))
            words.insert(bareWord(w));
        common = i == 0 ? words : common & words;
    }
    return common;
}

// The text without the `common` words; "…" stands where words were left out.
QString withoutWords(const QString& text, const QSet<QString>& common) {
    QString result;
    bool skipped = false;
    for (const QString& w : wordsOf(text)) {
        if (common.contains(bareWord(w))) {
            skipped = true;
            continue;
        }
        result += skipped ? kEllipsis + bareWord(w) : w;
        skipped = false;
    }
    if (skipped)
        result += kEllipsis;
    return result.isEmpty() || result == kEllipsis ? text : result;
}

} // namespace

void drawText(PaintContext& c, const QRectF& box, int flags, const QString& text) {
    if (text.isEmpty())
        return;
    c.painter.drawText(box, flags, text);
    const QFontMetricsF metrics(c.painter.font());
    const QRectF layout = c.painter.boundingRect(box, flags, text);
    record(
        c,
        metrics.tightBoundingRect(text).translated(layout.left(), layout.top() + metrics.ascent()),
        text);
}

void drawElidedText(PaintContext& c, const QRectF& box, int flags, const QString& text,
                    Qt::TextElideMode mode) {
    const QString shown = QFontMetricsF(c.painter.font()).elidedText(text, mode, box.width());
    drawText(c, box, flags, shown);
    if (shown != text)
        c.addTooltip(c.painter.transform().mapRect(box), text);
}

void drawWrappedText(PaintContext& c, const QRectF& box, int flags, const QString& text) {
    c.painter.drawText(box, flags | Qt::TextWordWrap, text);
    record(c, c.painter.boundingRect(box, flags | Qt::TextWordWrap, text), text);
}

QStringList distinctLabels(const QStringList& texts, const QFontMetricsF& metrics, double width) {
    const auto fit = [&](const QString& text, Qt::TextElideMode mode) {
        return metrics.elidedText(text, mode, width);
    };
    // A text too long loses first the words all texts share, then its end; with no such words,
    // its middle.
    const QSet<QString> shared = texts.size() > 1 ? commonWords(texts) : QSet<QString>();
    QStringList shown;
    for (const QString& t : texts) {
        const QString differing = withoutWords(t, shared);
        shown << (metrics.horizontalAdvance(t) <= width
                      ? t
                      : fit(differing, differing == t ? Qt::ElideMiddle : Qt::ElideRight));
    }
    // Labels shortened alike: show what differs within the group, again until they differ
    // (a few rounds: each round narrows the group to the labels still alike).
    for (int round = 0; round < 3; ++round) {
        QHash<QString, QList<qsizetype>> alike;
        for (qsizetype i = 0; i < shown.size(); ++i)
            alike[shown[i]].push_back(i);
        bool changed = false;
        for (const QList<qsizetype>& group : std::as_const(alike)) {
            if (group.size() < 2)
                continue;
            QStringList members;
            for (qsizetype i : group)
                members << texts[i];
            const QSet<QString> common = commonWords(members);
            for (qsizetype i : group) {
                const QString reduced = fit(withoutWords(texts[i], common), Qt::ElideRight);
                changed = changed || reduced != shown[i];
                shown[i] = reduced;
            }
        }
        if (!changed)
            break;
    }
    return shown;
}

} // namespace planscope::charts
