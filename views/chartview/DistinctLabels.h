#pragma once

#include <QStringList>

class QFontMetricsF;

namespace planscope::charts {

// Each text shortened to `width` pixels so that the results still tell the texts apart.
// Texts that fit stay whole. A longer one shows the words that set it apart from the others
// (tactic names share most of theirs), "…" standing for the words left out; a text whose words
// all appear in another shows where it ends. The whole text belongs in a tooltip.
QStringList distinctLabels(const QStringList& texts, const QFontMetricsF& metrics, double width);

} // namespace planscope::charts
