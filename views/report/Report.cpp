#include "report/Report.h"

namespace planscope::report {

Section& Report::addSection(const QString& anchor, const QString& title, int level) {
    sections.push_back({anchor, title, level, {}});
    return sections.back();
}

Table keyValueTable(const std::vector<std::pair<QString, QString>>& rows) {
    Table table;
    table.columns = {{}, {QString(), false, true}};
    table.header = false;
    for (const auto& [name, value] : rows)
        table.rows.push_back({{name, {}}, {value, {}}});
    return table;
}

} // namespace planscope::report
