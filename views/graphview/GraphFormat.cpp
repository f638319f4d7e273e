#include "graphview/GraphFormat.h"

#include <QFileInfo>
#include <QStringList>
#include <algorithm>

namespace planscope {

QString graphFormatWord(GraphFormat format) {
    switch (format) {
    case GraphFormat::Svg:
        return QStringLiteral("svg");
    case GraphFormat::Png:
        return QStringLiteral("png");
    case GraphFormat::Dot:
        return QStringLiteral("dot");
    case GraphFormat::Onnx:
        break;
    }
    return QStringLiteral("onnx");
}

QString graphFormatFilter(GraphFormat format) {
    switch (format) {
    case GraphFormat::Svg:
        return QStringLiteral("SVG drawing (*.svg)");
    case GraphFormat::Png:
        return QStringLiteral("PNG image (*.png)");
    case GraphFormat::Dot:
        return QStringLiteral("Graphviz DOT (*.dot)");
    case GraphFormat::Onnx:
        break;
    }
    return QStringLiteral("ONNX models (*.onnx)");
}

QString graphFormatFilters(std::span<const GraphFormat> formats) {
    QStringList filters;
    for (GraphFormat format : formats)
        filters << graphFormatFilter(format);
    return filters.join(QStringLiteral(";;"));
}

QString graphFormatWords(std::span<const GraphFormat> formats, const QString& before) {
    QString words;
    for (std::size_t i = 0; i < formats.size(); ++i) {
        if (i > 0)
            words += i + 1 == formats.size() ? QStringLiteral(" or ") : QStringLiteral(", ");
        words += before + graphFormatWord(formats[i]);
    }
    return words;
}

std::optional<GraphFormat> chooseGraphFormat(const QString& file,
                                             std::span<const GraphFormat> formats,
                                             const std::optional<QString>& named) {
    const QString word = (named ? *named : QFileInfo(file).suffix()).toLower();
    const auto found = std::find_if(formats.begin(), formats.end(), [&](GraphFormat format) {
        return graphFormatWord(format) == word;
    });
    if (found == formats.end())
        return std::nullopt;
    return *found;
}

} // namespace planscope
