#include "text/TacticsHtml.h"

#include "plan/FigureText.h"
#include "tactics/TacticLog.h"
#include "text/HtmlText.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

using namespace html;

QString tr(const char* text) {
    return QCoreApplication::translate("TacticsHtml", text);
}

// A horizontal bar `fraction` of the cell wide, as a one-row table (Qt's rich text has no CSS
// widths on spans).
QString bar(double fraction, const char* color) {
    const int percent = std::clamp(int(std::lround(fraction * 100)), 1, 100);
    return QStringLiteral("<table width=100% cellspacing=0 cellpadding=0><tr>"
                          "<td width=%1% bgcolor=%2>&nbsp;</td><td></td></tr></table>")
        .arg(percent)
        .arg(QLatin1String(color));
}

// Two rows a tactic: its name (and runner), then its time with a bar to scale.
QString timingRow(const TacticTiming& t, double slowest, const char* mark, const char* color) {
    const QString name = t.tacticName.isEmpty()
                             ? tacticText(t.tactic)
                             : t.tacticName + QStringLiteral(" (") + tacticText(t.tactic) + ')';
    const QString time =
        std::isfinite(t.timeMs) ? QString::number(t.timeMs, 'g', 4) + " ms" : tr("failed");
    return QStringLiteral("<tr><td colspan=2><b>%1</b>%2 <span class=muted>%3</span></td></tr>"
                          "<tr><td nowrap align=right width=90>%4</td><td>%5</td></tr>")
        .arg(QLatin1String(mark), breakable(name), escaped(t.runner), time,
             bar(std::isfinite(t.timeMs) && slowest > 0 ? t.timeMs / slowest : 1.0, color));
}

// "0x... (CaskConvolution sm80_xmma_...)": the tactic and what runs it.
QString chosenText(const TacticSubject& subject, const TacticChoice& choice) {
    const QString kernel = subject.kernelOf(choice);
    return QStringLiteral("%1 (%2%3)")
        .arg(tacticText(choice.tactic), html::escaped(choice.runner),
             kernel.isEmpty() ? QString() : QLatin1Char(' ') + html::breakable(kernel));
}

} // namespace

QString tacticsHtml(const TacticLog& log, const TacticSubject& subject) {
    const TacticSummary summary = summarizeSubject(log, subject);
    double slowest = 0;
    for (const TacticTiming& t : subject.timings)
        if (std::isfinite(t.timeMs))
            slowest = std::max(slowest, t.timeMs);
    const QString autotuning =
        subject.autotuneSeconds
            ? tr("autotuning took %1 s").arg(*subject.autotuneSeconds, 0, 'g', 3)
            : tr("the log gives no autotuning time");
    QString body =
        QStringLiteral("<p>%1</p>")
            .arg(tr("%1 timed in %2; %3. Chosen: %4%5; fastest: %6.")
                     .arg(countText(qint64(subject.timings.size()), tr("tactic")),
                          countText(qint64(subject.formats.size()), tr("format combination")),
                          autotuning)
                     .arg(summary.chosen ? chosenText(subject, *summary.chosen)
                                         : tr("none recorded"))
                     .arg(summary.chosenMs
                              ? QStringLiteral(" (%1 ms)").arg(*summary.chosenMs, 0, 'g', 4)
                              : QString())
                     .arg(summary.fastest ? QStringLiteral("%1 (%2 ms)")
                                                .arg(tacticText(summary.fastest->tactic))
                                                .arg(summary.fastest->timeMs, 0, 'g', 4)
                                          : tr("none")));
    for (int format = -1; format < int(subject.formats.size()); ++format) {
        std::vector<const TacticTiming*> rows;
        for (const TacticTiming& t : subject.timings)
            if (t.format == format)
                rows.push_back(&t);
        if (rows.empty())
            continue;
        std::stable_sort(rows.begin(), rows.end(),
                         [](const auto* a, const auto* b) { return a->timeMs < b->timeMs; });
        QString table;
        for (const TacticTiming* t : rows) {
            const bool chosen = summary.chosen && summary.chosen->format == format &&
                                summary.chosen->tactic == t->tactic &&
                                summary.chosen->runner == t->runner;
            const bool fastest = t == summary.fastest;
            table += timingRow(*t, slowest,
                               chosen    ? "&#10004; "
                               : fastest ? "&#9733; "
                                         : "",
                               chosen    ? "#2e7d32"
                               : fastest ? "#f9a825"
                                         : "#7f9fbf");
        }
        body +=
            QStringLiteral("<p><b>%1</b></p><table width=100%>%2</table>")
                .arg(format >= 0 ? breakable(subject.formats[format]) : tr("(no format)"), table);
    }
    if (!subject.skipped.empty()) {
        QString rows;
        for (const SkippedRunner& s : subject.skipped)
            rows += row(s.runner, s.reason);
        body += QStringLiteral("<p><b>%1</b></p>").arg(tr("Skipped")) + html::table(rows);
    }
    return section(tr("Tactics (verbose build log): %1 chosen, %2 fastest")
                       .arg(QStringLiteral("\u2714"), QStringLiteral("\u2605")),
                   body);
}

} // namespace planscope
