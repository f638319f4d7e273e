#include "accuracy/AccuracyLogReader.h"

#include "plan/PlanError.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>
#include <limits>

namespace planscope {
namespace {

// Where a line's statistics go.
enum class Target { None, Runner, AbsError, RelError, Validation };

class Parser {
  public:
    explicit Parser(const QString& path) { m_log.path = path; }

    void line(QString text, int number) {
        m_number = number;
        text.remove(ansiCodes());
        text = withoutPrefix(text).trimmed();
        if (text.isEmpty())
            return;
        if (m_inHistogram) {
            if (text.startsWith(QLatin1String("Bin Range")))
                return;
            if (bin(text))
                return;
            m_inHistogram = false;
        }
        if (text.startsWith(QLatin1String("---- Histogram ----"))) {
            m_inHistogram = stats() != nullptr;
            return;
        }
        header(text) || comparison(text) || validation(text) || summary(text);
    }

    AccuracyLog finish() {
        if (m_log.tensors.empty() && m_log.validations.empty())
            throw PlanError(
                QStringLiteral("%1: holds no polygraphy comparison and no output validation. "
                               "Give the log of `polygraphy run MODEL.onnx --trt --onnxrt "
                               "--trt-outputs mark all --onnx-outputs mark all` (or --validate).")
                    .arg(name()));
        if (!m_log.tensors.empty() && !m_log.tensors.back().passed)
            m_warnings << QStringLiteral("%1:%2: the comparison of '%3' has no verdict: the log "
                                         "ends before it (cut short?)")
                              .arg(name())
                              .arg(m_log.tensors.back().line)
                              .arg(m_log.tensors.back().name);
        m_log.warnings = m_warnings;
        return std::move(m_log);
    }

  private:
    static const QRegularExpression& ansiCodes() {
        static const QRegularExpression re(QStringLiteral("\x1b\\[[0-9;]*m"));
        return re;
    }

    // "[I] ", "[V] ", "[W] ", "[E] ", "[!] " ... as polygraphy's logger writes them.
    static QString withoutPrefix(const QString& text) {
        static const QRegularExpression re(QStringLiteral("^\\s*\\[[A-Z!]{1,2}\\]"));
        const QRegularExpressionMatch m = re.match(text);
        return m.hasMatch() ? text.mid(m.capturedEnd()) : text;
    }

    QString name() const { return QFileInfo(m_log.path).fileName(); }

    [[noreturn]] void bad(const QString& what) const {
        throw PlanError(QStringLiteral("%1:%2: %3 is no number polygraphy prints. Give the log as "
                                       "polygraphy wrote it.")
                            .arg(name())
                            .arg(m_number)
                            .arg(what));
    }

    double number(QStringView text) const {
        const QString t = text.trimmed().toString().toLower();
        if (t == QLatin1String("inf") || t == QLatin1String("+inf"))
            return std::numeric_limits<double>::infinity();
        if (t == QLatin1String("-inf"))
            return -std::numeric_limits<double>::infinity();
        if (t == QLatin1String("nan"))
            return std::numeric_limits<double>::quiet_NaN();
        bool ok = false;
        const double value = t.toDouble(&ok);
        if (!ok)
            bad(QStringLiteral("'%1'").arg(text.trimmed()));
        return value;
    }

    // "mean=-0.016, std-dev=0.27, ..., min=-1.07 at (1, 24, 23, 18), ..."
    ArrayStats parseStats(QStringView text) const {
        static const QRegularExpression re(
            QStringLiteral("([A-Za-z][\\w-]*)=([^,\\s]+)(?: at (\\([^)]*\\)))?"));
        ArrayStats s;
        s.present = true;
        for (auto it = re.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString key = m.captured(1);
            std::optional<double>* slot = key == QLatin1String("mean")            ? &s.mean
                                          : key == QLatin1String("std-dev")       ? &s.std
                                          : key == QLatin1String("var")           ? &s.var
                                          : key == QLatin1String("median")        ? &s.median
                                          : key == QLatin1String("min")           ? &s.min
                                          : key == QLatin1String("max")           ? &s.max
                                          : key == QLatin1String("avg-magnitude") ? &s.avgMagnitude
                                          : key == QLatin1String("p90")           ? &s.p90
                                          : key == QLatin1String("p95")           ? &s.p95
                                          : key == QLatin1String("p99")           ? &s.p99
                                                                                  : nullptr;
            if (!slot)
                continue;
            *slot = number(m.capturedView(2));
            if (key == QLatin1String("min"))
                s.minAt = m.captured(3);
            else if (key == QLatin1String("max"))
                s.maxAt = m.captured(3);
        }
        return s;
    }

    ArrayStats* stats() {
        switch (m_target) {
        case Target::Runner:
            return m_log.tensors.empty() || m_log.tensors.back().runners.empty()
                       ? nullptr
                       : &m_log.tensors.back().runners.back().stats;
        case Target::AbsError:
            return m_log.tensors.empty() ? nullptr : &m_log.tensors.back().absError;
        case Target::RelError:
            return m_log.tensors.empty() ? nullptr : &m_log.tensors.back().relError;
        case Target::Validation:
            return m_log.validations.empty() ? nullptr : &m_log.validations.back().stats;
        case Target::None:
            break;
        }
        return nullptr;
    }

    // "(-1.08   , -0.863  ) |         27 | ####"
    bool bin(const QString& text) {
        static const QRegularExpression re(
            QStringLiteral("^\\(\\s*([^,]+?)\\s*,\\s*([^)]+?)\\s*\\)\\s*\\|\\s*(\\S+)\\s*\\|"));
        const QRegularExpressionMatch m = re.match(text);
        if (!m.hasMatch())
            return false;
        bool ok = false;
        const qint64 count = m.captured(3).toLongLong(&ok);
        if (!ok || count < 0)
            bad(QStringLiteral("the bin count '%1'").arg(m.captured(3)));
        stats()->histogram.push_back({number(m.capturedView(1)), number(m.capturedView(2)), count});
        return true;
    }

    bool header(const QString& text) {
        if (text.startsWith(QLatin1String("RUNNING | Command: "))) {
            m_log.commands << text.mid(19);
            return true;
        }
        static const QRegularExpression pair(
            QStringLiteral("^Accuracy Comparison \\| (.+) vs\\. (.+)$"));
        if (const QRegularExpressionMatch m = pair.match(text); m.hasMatch()) {
            m_pair = {m.captured(1).trimmed(), m.captured(2).trimmed()};
            for (const QString& runner : m_pair)
                if (!m_log.runners.contains(runner))
                    m_log.runners << runner;
            m_seen.clear();
            m_iteration = 0;
            return true;
        }
        return false;
    }

    bool comparison(const QString& text) {
        static const QLatin1String kComparing("Comparing Output: '");
        if (text.startsWith(kComparing)) {
            const qsizetype end = text.indexOf(QLatin1String("' (dtype="), kComparing.size());
            ComparedTensor t;
            t.name = text.mid(kComparing.size(), end - kComparing.size());
            static const QRegularExpression meta(
                QStringLiteral("^' \\(dtype=([^,]*), shape=(\\([^)]*\\))\\)"));
            if (const auto m = meta.match(text.mid(end)); end > 0 && m.hasMatch()) {
                t.dtype = m.captured(1);
                t.shape = m.captured(2);
            } else {
                t.name = text.mid(kComparing.size()).section(QLatin1Char('\''), 0, 0);
            }
            if (m_seen.contains(t.name)) { // the next iteration compares the outputs again
                ++m_iteration;
                m_seen.clear();
            }
            m_seen << t.name;
            t.iteration = m_iteration;
            t.line = m_number;
            m_log.tensors.push_back(std::move(t));
            m_target = Target::None;
            return true;
        }
        if (m_log.tensors.empty())
            return false;
        ComparedTensor& t = m_log.tensors.back();
        static const QRegularExpression tolerance(QStringLiteral(
            "^Tolerance: \\[abs=([^,\\]]+), rel=([^\\]]+)\\] \\| Checking (\\w+) error"));
        if (const auto m = tolerance.match(text); m.hasMatch()) {
            t.absTol = number(m.capturedView(1));
            t.relTol = number(m.capturedView(2));
            t.check = m.captured(3);
            return true;
        }
        static const QLatin1String kStats(" | Stats: ");
        if (const qsizetype at = text.indexOf(kStats); at > 0) {
            const QString who = text.left(at);
            const QStringView values = QStringView(text).mid(at + kStats.size());
            if (who == QLatin1String("Absolute Difference")) {
                t.absError = parseStats(values);
                m_target = Target::AbsError;
            } else if (who == QLatin1String("Relative Difference")) {
                t.relError = parseStats(values);
                m_target = Target::RelError;
            } else {
                // "RUNNER: NAME": runner names hold ':' (their start time), the tensor's is last.
                const QString suffix = QStringLiteral(": ") + t.name;
                const QString runner =
                    who.endsWith(suffix) ? who.left(who.size() - suffix.size()) : who;
                t.runners.push_back({runner.trimmed(), parseStats(values)});
                m_target = Target::Runner;
            }
            return true;
        }
        static const QRegularExpression required(
            QStringLiteral("^Minimum Required Tolerance: \\w+ error \\| \\[abs=([^\\]]+)\\] OR "
                           "\\[rel=([^\\]]+)\\]"));
        if (const auto m = required.match(text); m.hasMatch()) {
            t.requiredAbs = number(m.capturedView(1));
            t.requiredRel = number(m.capturedView(2));
            return true;
        }
        static const QRegularExpression verdict(
            QStringLiteral("^(PASSED|FAILED) \\| Output: ['`](.*)['`] \\| (.*)$"));
        if (const auto m = verdict.match(text); m.hasMatch()) {
            // The last tensor of that name without a verdict: the one this line judges.
            const auto judged = std::find_if(
                m_log.tensors.rbegin(), m_log.tensors.rend(),
                [&](const ComparedTensor& t) { return t.name == m.captured(2) && !t.passed; });
            if (judged != m_log.tensors.rend()) {
                judged->passed = m.captured(1) == QLatin1String("PASSED");
                if (!*judged->passed)
                    judged->failure = m.captured(3);
            }
            m_target = Target::None;
            return true;
        }
        return false;
    }

    bool validation(const QString& text) {
        static const QRegularExpression validating(
            QStringLiteral("^(.+?)\\s*\\| Validating output: (.+?) \\(check_inf="));
        if (const auto m = validating.match(text); m.hasMatch()) {
            OutputValidation v;
            v.runner = m.captured(1);
            v.output = m.captured(2);
            v.line = m_number;
            m_log.validations.push_back(std::move(v));
            if (!m_log.runners.contains(m.captured(1)))
                m_log.runners << m.captured(1);
            m_target = Target::Validation;
            return true;
        }
        if (m_log.validations.empty())
            return false;
        OutputValidation& v = m_log.validations.back();
        if (m_target == Target::Validation && text.startsWith(QLatin1String("mean=")) &&
            !v.stats.present) {
            v.stats = parseStats(text);
            return true;
        }
        if (text.startsWith(QLatin1String("Inf Detected"))) {
            v.inf = true;
            return true;
        }
        if (text.startsWith(QLatin1String("NaN Detected"))) {
            v.nan = true;
            return true;
        }
        static const QRegularExpression valid(QStringLiteral("^PASSED \\| Output: (.+) is valid$"));
        if (const auto m = valid.match(text); m.hasMatch() && m.captured(1) == v.output) {
            v.passed = true;
            return true;
        }
        static const QRegularExpression errors(
            QStringLiteral("^FAILED \\| Errors detected in output: (.+)$"));
        if (const auto m = errors.match(text); m.hasMatch() && m.captured(1) == v.output) {
            v.passed = false;
            return true;
        }
        return false;
    }

    bool summary(const QString& text) {
        static const QRegularExpression re(
            QStringLiteral("^Accuracy Summary \\| .* \\| Passed: (\\d+)/(\\d+) iterations \\| Pass "
                           "Rate: ([^%]+)%"));
        const auto m = re.match(text);
        if (!m.hasMatch())
            return false;
        m_log.iterationsPassed = m.captured(1).toInt();
        m_log.iterationsTotal = m.captured(2).toInt();
        m_log.passRate = number(m.capturedView(3));
        return true;
    }

    AccuracyLog m_log;
    QStringList m_warnings;
    QStringList m_pair;
    QStringList m_seen; // tensors compared in this iteration
    int m_iteration = 0;
    int m_number = 0;
    Target m_target = Target::None;
    bool m_inHistogram = false;
};

} // namespace

AccuracyLog parseAccuracyLog(QByteArrayView text, const QString& path) {
    Parser parser(path);
    int number = 0;
    for (qsizetype at = 0; at < text.size();) {
        qsizetype end = text.indexOf('\n', at);
        if (end < 0)
            end = text.size();
        parser.line(QString::fromUtf8(text.sliced(at, end - at)), ++number);
        at = end + 1;
    }
    return parser.finish();
}

AccuracyLog readAccuracyLog(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw PlanError(QStringLiteral("%1: cannot be read (%2).").arg(path, file.errorString()));
    const QByteArray text = file.readAll();
    return parseAccuracyLog(text, path);
}

} // namespace planscope
