#include "io/log/TrtexecLog.h"

#include <QRegularExpression>

namespace planscope {
namespace {

// trtexec 11.1's --tuneBuildRoutes lines, after "[I] " (trtexec's own wording).
struct RouteLine {
    QRegularExpression pattern;
    void (*store)(const QRegularExpressionMatch& match, OrderedJson& tuning);
};

std::string captured(const QRegularExpressionMatch& match, int n) {
    return match.captured(n).trimmed().toStdString();
}

const std::vector<RouteLine>& routeLines() {
    static const std::vector<RouteLine> lines{
        {QRegularExpression(QStringLiteral(R"(^Expanded to (\d+) build route configurations?)")),
         [](const QRegularExpressionMatch& m, OrderedJson& t) {
             t["configurations"] = m.captured(1).toLongLong();
         }},
        {QRegularExpression(QStringLiteral(R"(^Tuning iteration \[(\d+)\]: (.+)$)")),
         [](const QRegularExpressionMatch& m, OrderedJson& t) {
             t["iterations"].push_back(
                 {{"iteration", m.captured(1).toLongLong()}, {"route", captured(m, 2)}});
         }},
        {QRegularExpression(
             QStringLiteral(R"(^Best iteration: (.+) \(gpu_time_ms=([0-9.eE+-]+)\)\s*$)")),
         [](const QRegularExpressionMatch& m, OrderedJson& t) {
             t["best_route"] = captured(m, 1);
             bool ok = false;
             const double ms = m.captured(2).toDouble(&ok);
             t["best_gpu_time_ms"] = ok ? OrderedJson(ms) : OrderedJson(nullptr);
         }},
        {QRegularExpression(
             QStringLiteral(R"(^Tuning summary: (\d+) / (\d+) iterations? succeeded)")),
         [](const QRegularExpressionMatch& m, OrderedJson& t) {
             t["succeeded"] = m.captured(1).toLongLong();
             t["tried"] = m.captured(2).toLongLong();
         }},
    };
    return lines;
}

} // namespace

bool readBuildRouteLine(const QByteArray& content, OrderedJson& tuning) {
    if (!content.startsWith("Expanded to ") && !content.startsWith("Tuning ") &&
        !content.startsWith("Best iteration: "))
        return false;
    const QString text = QString::fromUtf8(content);
    for (const RouteLine& line : routeLines()) {
        const auto match = line.pattern.match(text);
        if (match.hasMatch()) {
            line.store(match, tuning);
            return true;
        }
    }
    return false;
}

} // namespace planscope
