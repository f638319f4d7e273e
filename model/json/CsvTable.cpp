#include "json/CsvTable.h"

#include <QStringList>

namespace planscope {
namespace {

QString csvField(const OrderedJson& value) {
    if (value.is_null())
        return {};
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_array() && !value.empty() && value.front().is_object()) {
        QStringList parts;
        for (const auto& t : value)
            parts << QStringLiteral("%1: %2x%3")
                         .arg(QString::fromStdString(t["name"].get<std::string>()),
                              QString::fromStdString(t["shape"].dump()),
                              QString::fromStdString(t["format"].get<std::string>()));
        return parts.join(QStringLiteral("; "));
    }
    return QString::fromStdString(value.dump());
}

QByteArray csvQuote(const QString& field) {
    if (!field.contains(',') && !field.contains('"') && !field.contains('\n'))
        return field.toUtf8();
    QString quoted = field;
    quoted.replace('"', QStringLiteral("\"\""));
    return '"' + quoted.toUtf8() + '"';
}

} // namespace

QByteArray objectsCsv(const OrderedJson& columns, const std::vector<OrderedJson>& objects) {
    QByteArray csv;
    QStringList names;
    for (const auto& item : columns.items())
        names << QString::fromStdString(item.key());
    csv += names.join(',').toUtf8() + '\n';
    for (const OrderedJson& object : objects) {
        QByteArrayList fields;
        for (const auto& item : object.items())
            fields << csvQuote(csvField(item.value()));
        csv += fields.join(',') + '\n';
    }
    return csv;
}

} // namespace planscope
