#pragma once

#include <QString>
#include <array>
#include <optional>
#include <span>

namespace planscope {

// The formats the plan graph is exported in, and which one a file gets: decided here alone for
// `export-graph`, the Graph tab's Export and File > Export Graph > ONNX. SVG, PNG and DOT are
// written by graphview/GraphExport; ONNX by exporters/ (onnxexport/OnnxExport), which views/ do
// not link, so its callers write it.
enum class GraphFormat { Svg, Png, Dot, Onnx };

// Every format, in the order messages and dialogs name them: what export-graph takes.
inline constexpr std::array kGraphFormats{GraphFormat::Svg, GraphFormat::Png, GraphFormat::Dot,
                                          GraphFormat::Onnx};
// The ones views/ write: what the Graph tab's Export offers.
inline constexpr std::array kGraphViewFormats{GraphFormat::Svg, GraphFormat::Png, GraphFormat::Dot};

// Its word, as --format takes it and as the file's suffix: "svg".
QString graphFormatWord(GraphFormat format);
// A file dialog's filter for it, "SVG drawing (*.svg)"; several joined by ";;".
QString graphFormatFilter(GraphFormat format);
QString graphFormatFilters(std::span<const GraphFormat> formats);
// The formats' words for a message, each after `before`: "svg, png, dot or onnx",
// ".svg, .png or .dot".
QString graphFormatWords(std::span<const GraphFormat> formats, const QString& before = {});

// The format of `file` among `formats`: the one `named` names when given (export-graph's
// --format), else its suffix's, either in any case; none when that is not one of them.
std::optional<GraphFormat> chooseGraphFormat(const QString& file,
                                             std::span<const GraphFormat> formats,
                                             const std::optional<QString>& named = std::nullopt);

} // namespace planscope
