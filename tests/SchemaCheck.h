#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>
#include <algorithm>

namespace planscope::test {

// The part of JSON Schema (2020-12) that tests' schemas use: type (one or several), properties,
// required, additionalProperties (false or a schema), minProperties, items, enum, minimum,
// maximum, oneOf, not and $ref to "#/$defs/NAME". What else a schema says is not checked, so a
// schema using more must not be trusted here. Errors name the JSON path.
class SchemaCheck {
  public:
    explicit SchemaCheck(QJsonObject root) : m_root(std::move(root)) {}

    // Empty when `value` conforms, else what does not.
    QStringList errors(const QJsonValue& value) const {
        QStringList found;
        check(m_root, value, QStringLiteral("$"), found);
        return found;
    }

  private:
    static bool isType(const QJsonValue& v, const QString& type) {
        if (type == QLatin1String("object"))
            return v.isObject();
        if (type == QLatin1String("array"))
            return v.isArray();
        if (type == QLatin1String("string"))
            return v.isString();
        if (type == QLatin1String("number"))
            return v.isDouble();
        if (type == QLatin1String("boolean"))
            return v.isBool();
        if (type == QLatin1String("null"))
            return v.isNull();
        return false;
    }

    QJsonObject resolved(const QJsonObject& schema) const {
        const QString ref = schema.value(QStringLiteral("$ref")).toString();
        if (!ref.startsWith(QLatin1String("#/$defs/")))
            return schema;
        return m_root.value(QStringLiteral("$defs")).toObject().value(ref.mid(8)).toObject();
    }

    void check(const QJsonObject& given, const QJsonValue& v, const QString& at,
               QStringList& found) const {
        const QJsonObject s = resolved(given);
        if (s.contains(QStringLiteral("type"))) {
            const QJsonValue type = s.value(QStringLiteral("type"));
            const QJsonArray types = type.isArray() ? type.toArray() : QJsonArray{type};
            if (!std::any_of(types.begin(), types.end(),
                             [&](const QJsonValue& t) { return isType(v, t.toString()); })) {
                QStringList names;
                for (const QJsonValue& t : types)
                    names << t.toString();
                found << QStringLiteral("%1: not of type %2").arg(at, names.join('|'));
                return;
            }
        }
        if (s.contains(QStringLiteral("enum")) &&
            !s.value(QStringLiteral("enum")).toArray().contains(v))
            found << QStringLiteral("%1: not one of the enum's values").arg(at);
        if (v.isDouble()) {
            if (s.contains(QStringLiteral("minimum")) &&
                v.toDouble() < s.value(QStringLiteral("minimum")).toDouble())
                found << QStringLiteral("%1: below the minimum").arg(at);
            if (s.contains(QStringLiteral("maximum")) &&
                v.toDouble() > s.value(QStringLiteral("maximum")).toDouble())
                found << QStringLiteral("%1: above the maximum").arg(at);
        }
        if (v.isObject())
            checkObject(s, v.toObject(), at, found);
        if (v.isArray() && s.contains(QStringLiteral("items"))) {
            const QJsonArray items = v.toArray();
            for (qsizetype i = 0; i < items.size(); ++i)
                check(s.value(QStringLiteral("items")).toObject(), items[i],
                      QStringLiteral("%1[%2]").arg(at).arg(i), found);
        }
        if (s.contains(QStringLiteral("oneOf"))) {
            int matching = 0;
            QStringList why; // each schema's errors, said when none matches
            for (const QJsonValue& option : s.value(QStringLiteral("oneOf")).toArray()) {
                QStringList errors;
                check(option.toObject(), v, at, errors);
                matching += errors.isEmpty();
                why << errors;
            }
            if (matching != 1)
                found << QStringLiteral("%1: matches %2 of oneOf's schemas, not one")
                             .arg(at)
                             .arg(matching)
                      << (matching == 0 ? why : QStringList());
        }
        if (s.contains(QStringLiteral("not"))) {
            QStringList errors;
            check(s.value(QStringLiteral("not")).toObject(), v, at, errors);
            if (errors.isEmpty())
                found << QStringLiteral("%1: matches what 'not' excludes").arg(at);
        }
    }

    void checkObject(const QJsonObject& s, const QJsonObject& object, const QString& at,
                     QStringList& found) const {
        const QJsonObject properties = s.value(QStringLiteral("properties")).toObject();
        for (const QJsonValue& key : s.value(QStringLiteral("required")).toArray())
            if (!object.contains(key.toString()))
                found << QStringLiteral("%1: lacks '%2'").arg(at, key.toString());
        if (object.size() < s.value(QStringLiteral("minProperties")).toInt(0))
            found << QStringLiteral("%1: too few properties").arg(at);
        const QJsonValue additional = s.value(QStringLiteral("additionalProperties"));
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString path = at + '.' + it.key();
            if (properties.contains(it.key()))
                check(properties.value(it.key()).toObject(), it.value(), path, found);
            else if (additional.isBool() && !additional.toBool())
                found << QStringLiteral("%1: not a field of the schema").arg(path);
            else if (additional.isObject())
                check(additional.toObject(), it.value(), path, found);
        }
    }

    QJsonObject m_root;
};

} // namespace planscope::test
