#include "itemmodels/LayerQuery.h"

#include <algorithm>

namespace planscope {
namespace {

bool isRegex(const QString& value) {
    return value.size() >= 2 && value.startsWith('/') && value.endsWith('/');
}

} // namespace

// Spaces separate terms, except inside a /regex/ ("/conv 1/" is one term).
QStringList LayerQuery::tokens(const QString& text) {
    QStringList result;
    QString current;
    bool inRegex = false;
    for (const QChar c : text) {
        if (c.isSpace() && !inRegex) {
            if (!current.isEmpty())
                result << current;
            current.clear();
            continue;
        }
        if (c == '/' && (inRegex || current.isEmpty() || current.endsWith(':')))
            inRegex = !inRegex;
        current += c;
    }
    if (!current.isEmpty())
        result << current;
    return result;
}

LayerQuery::LayerQuery(const QString& text) : m_text(text.simplified()) {
    static const std::pair<QLatin1String, Field> qualifiers[] = {
        {QLatin1String("name:"), Field::Name},
        {QLatin1String("type:"), Field::Type},
        {QLatin1String("tactic:"), Field::Tactic},
        {QLatin1String("precision:"), Field::Precision},
    };
    for (const QString& token : tokens(text)) {
        Term term;
        QString value = token;
        for (const auto& [prefix, field] : qualifiers)
            if (token.startsWith(prefix, Qt::CaseInsensitive) && token.size() > prefix.size()) {
                term.field = field;
                value = token.mid(prefix.size());
                break;
            }
        if (isRegex(value)) {
            term.regex = QRegularExpression(value.mid(1, value.size() - 2),
                                            QRegularExpression::CaseInsensitiveOption);
            if (!term.regex.isValid()) {
                m_error = QStringLiteral("%1: %2").arg(value, term.regex.errorString());
                m_terms.clear();
                return;
            }
        } else {
            term.word = value;
        }
        m_terms.push_back(std::move(term));
    }
}

bool LayerQuery::matches(const Term& term, const Layer& layer) const {
    QStringList fields;
    switch (term.field) {
    case Field::Any:
        fields = {layer.name, layer.type, layer.tactic, layer.metadata};
        break;
    case Field::Name:
        fields = {layer.name};
        break;
    case Field::Type:
        fields = {layer.type};
        break;
    case Field::Tactic:
        fields = {layer.tactic};
        break;
    case Field::Precision:
        fields = {layer.precision};
        break;
    }
    return std::any_of(fields.begin(), fields.end(), [&](const QString& field) {
        return term.word.isEmpty() ? term.regex.match(field).hasMatch()
                                   : field.contains(term.word, Qt::CaseInsensitive);
    });
}

bool LayerQuery::matches(const Layer& layer) const {
    if (!m_error.isEmpty())
        return false;
    return std::all_of(m_terms.begin(), m_terms.end(),
                       [&](const Term& term) { return matches(term, layer); });
}

} // namespace planscope
