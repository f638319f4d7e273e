#pragma once

#include "io/text/StringPool.h"
#include "tactics/TacticLog.h"

#include <QHash>
#include <string_view>

namespace planscope {

// Turns the lines of a verbose build log, one at a time, into a TacticLog. Lines of any other
// kind are skipped, so noise between records does no harm.
class TacticLogBuilder {
  public:
    explicit TacticLogBuilder(const QString& path);

    void line(std::string_view raw);
    TacticLog finish();

  private:
    void timingRunner(std::string_view text);
    void timing(std::string_view text);
    void choice(std::string_view text);
    void cachedResult(std::string_view text);
    void profilingCompleted(std::string_view text);
    void skipped(std::string_view runner, std::string_view reason);
    void buildLine(std::string_view text);
    void engineLayer(std::string_view text);

    TacticSubject* current();
    int formatIndex(TacticSubject& subject);
    BuildPass& build();
    int buildIndex();

    TacticLog m_log;
    StringPool m_strings{512};
    QHash<QString, int> m_subjects;   // name -> index in m_log.subjects
    QHash<QString, int> m_cachedOnly; // name -> index in m_log.cachedOnly
    int m_current = -1;               // the subject of the last Timing Runner line
    QString m_runner;
    QString m_format;                   // the last format combination announced
    QHash<quint64, QString> m_setNames; // TensorRT 8.4/8.5: "Set Tactic Name" of this runner
    bool m_inLayerList = false;
    bool m_buildUsed = false; // something was recorded since the last "Building graph" line
};

} // namespace planscope
