#pragma once

#include "Layer.h"
#include "TensorFormat.h"

#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_map>

namespace planscope {

// TensorRT 8.6+ separates names and metadata with \x1E and \x1F; trex shows them as '+'.
QString replaceRecordSeparators(QString text);

// Turns raw graph entries into Layers. Strings that repeat from layer to layer (types, formats,
// attribute keys and values) are shared, which keeps large plans fast to load and small.
class LayerBuilder {
  public:
    // trex's fixes apply: separators in the name and metadata become '+', and a Convolution run
    // by a deconvolution kernel is a Deconvolution.
    Layer build(const nlohmann::json& raw);

    // A layer known only by name (graph exported without detailed verbosity).
    static Layer named(const QString& name);

  private:
    struct TextHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const noexcept {
            return std::hash<std::string_view>{}(text);
        }
    };
    struct SharedFormat : TensorFormat {
        QString longName;
    };
    const SharedFormat& formatOf(const nlohmann::json& tensor);
    QString shared(const std::string& text);
    QString sharedField(const nlohmann::json& object, const char* key);
    Tensor buildTensor(const nlohmann::json& raw);
    std::vector<Tensor> buildTensors(const nlohmann::json& raw, const char* key);
    void readConstant(const nlohmann::json& raw, const char* key, qint64& count, QString& type,
                      double& bytes);

    std::unordered_map<std::string, QString, TextHash, std::equal_to<>> m_strings;
    std::unordered_map<std::string, SharedFormat, TextHash, std::equal_to<>> m_formats;
};

} // namespace planscope
