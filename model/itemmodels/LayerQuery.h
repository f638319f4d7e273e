#pragma once

#include "plan/Layer.h"

#include <QRegularExpression>
#include <QString>
#include <vector>

namespace planscope {

// The layer search: terms separated by spaces, every one must match (case-insensitive).
//   word          the name, type, tactic or metadata contains it
//   /regex/       the name, type, tactic or metadata matches it
//   type:T  name:N  tactic:K  precision:P   that field contains the value (which may be a /regex/)
// A query with an invalid regular expression matches nothing and says why in error().
class LayerQuery {
  public:
    explicit LayerQuery(const QString& text = {});

    bool isEmpty() const { return m_terms.empty() && m_error.isEmpty(); }
    bool matches(const Layer& layer) const;
    QString error() const { return m_error; }
    QString text() const { return m_text; }

  private:
    enum class Field { Any, Name, Type, Tactic, Precision };
    struct Term {
        Field field = Field::Any;
        QString word;             // when not a regex
        QRegularExpression regex; // when valid
    };

    static QStringList tokens(const QString& text);
    bool matches(const Term& term, const Layer& layer) const;

    QString m_text;
    std::vector<Term> m_terms;
    QString m_error;
};

} // namespace planscope
