#pragma once

#include "io/StringPool.h"
#include "plan/Layer.h"
#include "plan/TensorFormat.h"

#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_map>

namespace planscope {

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

    StringPool m_strings{96}; // longer values (names, metadata) rarely repeat
    std::unordered_map<std::string, SharedFormat, TextHash, std::equal_to<>> m_formats;
};

} // namespace planscope
