#include "plan/TensorFormat.h"

#include <QHash>
#include <QRegularExpression>
#include <cmath>

namespace planscope {
namespace {

struct DataType {
    const char* token;     // how the type is spelled in short names
    const char* precision; // trex's precision label
    double size;
};

// Data types by every spelling TensorRT uses, in long formats and as bare kgen types.
const QHash<QString, DataType>& dataTypes() {
    static const QHash<QString, DataType> table = {
        {"FP32", {"FP32", "FP32", 4}},       {"Float", {"Float", "FP32", 4}},
        {"FP16", {"FP16", "FP16", 2}},       {"Half", {"Half", "FP16", 2}},
        {"BFloat16", {"BF16", "BF16", 2}},   {"BF16", {"BF16", "BF16", 2}},
        {"FP8", {"FP8", "FP8", 1}},          {"Int8", {"Int8", "INT8", 1}},
        {"INT8", {"Int8", "INT8", 1}},       {"Int16", {"Int16", "INT16", 2}},
        {"Int32", {"Int32", "INT32", 4}},    {"INT32", {"INT32", "INT32", 4}},
        {"Int64", {"Int64", "INT64", 8}},    {"Double", {"Double", "FP64", 8}},
        {"UInt8", {"UInt8", "UINT8", 1}},    {"UInt16", {"UInt16", "UINT16", 2}},
        {"UInt32", {"UInt32", "UINT32", 4}}, {"UInt64", {"UInt64", "UINT64", 8}},
        {"Int4", {"Int4", "INT4", 0.5}},     {"INT4", {"Int4", "INT4", 0.5}},
        {"FP4", {"FP4", "FP4", 0.5}},        {"FP4E2M1", {"FP4E2M1", "FP4", 0.5}},
        {"BOOL", {"Bool", "BOOL", 1}},       {"Bool", {"Bool", "BOOL", 1}},
        {"E8M0", {"E8M0", "E8M0", 1}},       {"FP8E8M0", {"FP8E8M0", "E8M0", 1}},
    };
    return table;
}

// trex's exact short names for the long formats it knows; they win over the generic rule.
const QHash<QString, QString>& knownFormats() {
    static const QHash<QString, QString> table = {
        {"Four wide channel vectorized row major Int8 format", "Int8 NC/4HW4"},
        {"Four wide channel vectorized row major FP32 format", "FP32 NC/4HW4"},
        {"Thirty-two wide channel vectorized row major Int8 format", "Int8 NC/32HW32"},
        {"Thirty-two wide channel vectorized row major FP32 format", "FP32 NC/32HW32"},
        {"Thirty-two wide channel vectorized row major FP16 format", "FP16 NC/32HW32"},
        {"Thirty-two wide channel vectorized row major Int8 format with 3 spatial dimensions",
         "Int8 NC32DHW"},
        {"Thirty-two wide channel vectorized row major FP16 format with 3 spatial dimensions",
         "FP16 NC32DHW"},
        {"Sixteen wide channel vectorized row major FP16 format", "FP16 NC16HW"},
        {"Channel major FP16 format where channel % 4 == 0", "FP16 NHWC4"},
        {"Channel major FP32 format where channel % 4 == 0", "FP32 NHWC4"},
        {"Channel major Int8 format where channel % 4 == 0", "Int8 NHWC4"},
        {"Channel major FP16 format where channel % 8 == 0", "FP16 NHWC8"},
        {"Channel major FP16 format where channel % 16 == 0", "FP16 NHWC16"},
        {"Channel major FP16 format where channel == 4 and column stride % 32 == 0", "FP16 NHWC4"},
        {"Channel major INT8 format where channel == 4 and column stride % 32 == 0", "Int8 NHWC4"},
        {"Channel major FP16 format where channel % 2 == 0", "FP16 NHWC2"},
        {"Channel major INT8 format where column stride % 32 == 0", "Int8 NHWC1"},
        {"Channel major INT8 format where channel % 16 == 0", "Int8 NHWC16"},
        {"Row major INT8 format where column stride % 64 == 0", "Int8 NCHW"},
        {"Channel major FP16 format where channel % 8 == 0 with 3 spatial dimensions",
         "FP16 NDHWC8"},
        {"Channel major FP16 format where channel == 1 and column stride % 32 == 0", "FP16 NHWC1"},
        {"Row major FP16 format where column stride % 64 == 0", "FP16"},
        {"Two wide channel vectorized row major FP16 format", "FP16 NC/2HW2"},
        {"Row major linear FP32", "FP32 NCHW"},
        {"Row major linear Int32", "INT32 NCHW"},
        {"Row major linear FP16 format", "FP16 NCHW"},
        {"Row major Int8 format", "Int8 NCHW"},
        {"Channel major FP32 format", "FP32 NHWC"},
        {"Channel major FP16 format", "FP16 NHWC"},
        {"Channel major Int8 format", "Int8 NHWC"},
        {"Row major linear BOOL", "Bool"},
        {"Channel major FP32 format with 3 spatial dimensions", "FP32 NDHWC"},
        {"Channel major FP32 format with 3 spatial dimensions where channel % 4 == 0",
         "FP32 NDHWC4"},
        {"Channel major FP32 format where channel % 4 == 0 with 3 spatial dimensions",
         "FP32 NDHWC4"},
        {"Row major linear UInt8 format", "UInt8 NCHW"},
        {"Channel major UInt8 format", "UInt8 NHWC"},
        {"Row major linear Int64 format", "Int64 NCHW"},
        {"Row major linear BFloat16 format", "BF16 NCHW"},
        {"Channel major BFloat16 format where channel % 8 == 0", "BF16 NHWC8"},
        {"Channel major BFloat16 format where channel % 4 == 0", "BF16 NHWC4"},
        {"Channel major BFloat16 format where channel % 8 == 0 with 3 spatial dimensions",
         "BF16 NDHWC8"},
        {"Channel major BFloat16 format where channel % 2 == 0", "BF16 NHWC2"},
        {"Two wide channel vectorized row major BFloat16 format", "BF16 NC2HW"},
        {"Row major linear FP8 format", "FP8 NCHW"},
    };
    return table;
}

int vectorWidth(const QString& word) {
    static const QHash<QString, int> widths = {
        {"Two", 2}, {"Four", 4}, {"Eight", 8}, {"Sixteen", 16}, {"Thirty-two", 32}};
    return widths.value(word, 0);
}

// The layout a format's words name: "Row major" NCHW (NCDHW with 3 spatial dimensions),
// "Channel major" NHWC and the channel multiple, "N wide channel vectorized" NC/NHWN; empty for
// words of another kind.
QString layoutOfWords(const QString& format) {
    const bool threeD = format.contains("3 spatial dimensions");
    if (format.startsWith("Row major"))
        return threeD ? "NCDHW" : "NCHW";
    if (format.startsWith("Channel major")) {
        static const QRegularExpression modRe(R"(channel (?:%|==) (\d+))");
        const auto mod = modRe.match(format);
        return (threeD ? "NDHWC" : "NHWC") + (mod.hasMatch() ? mod.captured(1) : QString());
    }
    if (format.contains("wide channel vectorized")) {
        const int width = vectorWidth(format.section(' ', 0, 0));
        return width ? QString("NC/%1HW%1").arg(width) : QString("vectorized");
    }
    return {};
}

// Formats trex does not list (newer TensorRT): read the data type and the layout from the words.
QString genericShortName(const QString& format, QString* typeWord) {
    static const QRegularExpression typeRe(
        R"(\b(FP32|FP16|BFloat16|BF16|FP8|FP4E2M1|FP4|Int8|INT8|Int16|Int32|INT32|Int64|UInt8|)"
        R"(UInt16|UInt32|UInt64|Int4|INT4|BOOL|Bool|Double|Float|Half|E8M0)\b)");
    const auto typeMatch = typeRe.match(format);
    if (!typeMatch.hasMatch())
        return {};
    *typeWord = typeMatch.captured(1);
    const QString token = QString::fromLatin1(dataTypes().value(*typeWord).token);
    const QString layout = layoutOfWords(format);
    return layout.isEmpty() ? token : token + ' ' + layout;
}

// "Row major linear FP32 format (kLINEAR)" -> "Row major linear FP32 format".
QString withoutEnumName(QString format) {
    static const QRegularExpression enumName(QStringLiteral(R"(\s*\(k[A-Z0-9_]+\)$)"));
    return format.remove(enumName);
}

// The layout a TensorRT 11 format names without its data type: from its words, else the name in
// its leading parentheses ("(Transposed) Transposed format" is "Transposed").
QString layoutOf(const QString& format) {
    static const QRegularExpression prefix(QStringLiteral(R"(^\(([^)]*)\)\s*)"));
    const auto match = prefix.match(format);
    const QString words = format.mid(match.hasMatch() ? match.capturedLength() : 0);
    const QString layout = layoutOfWords(words);
    if (!layout.isEmpty())
        return layout;
    return match.hasMatch() ? match.captured(1) : words;
}

} // namespace

TensorFormat describeFormat(const QString& formatDatatype) {
    QString format = withoutEnumName(formatDatatype);
    format.remove('.');
    format = format.trimmed();

    TensorFormat result;
    QString typeWord;
    if (const auto known = knownFormats().constFind(format); known != knownFormats().cend()) {
        result.shortName = known.value();
        typeWord = result.shortName.section(' ', 0, 0);
    } else if (dataTypes().contains(format)) { // a bare kgen type such as "Half"
        result.shortName = format;
        typeWord = format;
    } else {
        result.shortName = genericShortName(format, &typeWord);
    }
    if (result.shortName.isEmpty()) {
        result.shortName = QStringLiteral("Unknown format");
        result.precision = QStringLiteral("Unknown");
        return result;
    }
    const auto type = dataTypes().constFind(typeWord);
    if (type == dataTypes().cend()) {
        result.precision = typeWord;
        return result;
    }
    result.precision = QString::fromLatin1(type->precision);
    result.elementSize = type->size;
    // One spelling per data type: the short name's first word is the precision label (trex
    // writes "Int8 NCHW" beside the precision INT8, and a bare "Half" beside FP16).
    const qsizetype space = result.shortName.indexOf(' ');
    result.shortName = result.precision + (space < 0 ? QString() : result.shortName.mid(space));
    return result;
}

TensorFormat describeFormat(const QString& format, const QString& dataType) {
    const QString type = withoutEnumName(dataType).trimmed();
    TensorFormat result;
    const auto known = dataTypes().constFind(type);
    result.precision = known == dataTypes().cend()
                           ? (type.isEmpty() ? QStringLiteral("Unknown") : type)
                           : QString::fromLatin1(known->precision);
    result.elementSize = known == dataTypes().cend() ? 0 : known->size;
    const QString layout = layoutOf(withoutEnumName(format).trimmed());
    result.shortName = layout.isEmpty() ? result.precision : result.precision + ' ' + layout;
    return result;
}

double tensorBytes(double volume, double elementSize) {
    const double bytes = volume * elementSize;
    return elementSize < 1 ? std::ceil(bytes) : bytes;
}

QString shortNameForRank(const QString& shortName, std::size_t rank) {
    if (!shortName.endsWith(QLatin1String(" NCHW")) || rank == 4)
        return shortName;
    const QString type = shortName.chopped(5);
    return rank == 5 ? type + QStringLiteral(" NCDHW") : type;
}

} // namespace planscope
