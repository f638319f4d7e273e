#include "check/PlanCheck.h"

#include "check/CheckSteps.h"
#include "plan/FigureText.h"

#include <algorithm>
#include <future>

namespace planscope {

int PlanCheck::count(CheckLevel level) const {
    return static_cast<int>(std::count_if(results.begin(), results.end(),
                                          [&](const CheckResult& r) { return r.level == level; }));
}

PlanCheck checkPlan(const EnginePlan& plan) {
    PlanCheck check;
    check.figures = checkFigures(plan);
    // The graph's tensors are checked beside the profile; the results keep this order.
    std::vector<CheckResult> graphResults;
    std::future<void> graph =
        std::async(std::launch::async, [&] { checkGraph(plan, graphResults); });
    const bool ownProfile = checkProfileAgainstGraph(plan, check.results);
    std::vector<CheckResult> numberResults;
    checkProfileNumbers(plan, check.figures, ownProfile, numberResults);
    checkMemory(plan, check.figures, numberResults);
    graph.get();
    for (std::vector<CheckResult>* part : {&graphResults, &numberResults})
        check.results.insert(check.results.end(), std::make_move_iterator(part->begin()),
                             std::make_move_iterator(part->end()));
    std::stable_sort(check.results.begin(), check.results.end(),
                     [](const CheckResult& a, const CheckResult& b) { return a.level > b.level; });
    return check;
}

QString checkCountsText(const PlanCheck& check) {
    QStringList parts;
    for (const auto& [level, noun] :
         {std::pair(CheckLevel::Error, "error"), std::pair(CheckLevel::Warning, "warning"),
          std::pair(CheckLevel::Note, "note")})
        if (const int n = check.count(level); n > 0)
            parts << QStringLiteral("%1 %2%3").arg(n).arg(QLatin1String(noun),
                                                          n == 1 ? QString() : QStringLiteral("s"));
    return parts.isEmpty() ? QStringLiteral("no findings") : parts.join(QStringLiteral(", "));
}

} // namespace planscope
