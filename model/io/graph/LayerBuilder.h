#pragma once

#include "io/text/StringPool.h"
#include "plan/Layer.h"
#include "plan/TensorFormat.h"

#include <simdjson.h>
#include <string_view>
#include <unordered_map>

namespace planscope {

// Turns graph entries, parsed by simdjson, into Layers. Strings that repeat from layer to layer
// (types, formats, locations, tensor names) are shared, which keeps large plans small; the raw
// attributes stay text (Layer::attributeText), read when a view asks for them.
class LayerBuilder {
  public:
    // trex's fixes apply: separators in the name and metadata become '+', and a Convolution run
    // by a deconvolution kernel is a Deconvolution.
    Layer build(simdjson::dom::object raw, Layer::AttributeText attributes);

    // A layer known only by name (graph exported without detailed verbosity).
    static Layer named(const QString& name);

    // Room for about `layers` layers' shared strings (their names, and twice as many tensors').
    void reserve(std::size_t layers) {
        m_strings.reserve(layers);
        m_tensorNames.reserve(2 * layers);
    }

  private:
    struct SharedFormat : TensorFormat {
        QString longName;
        // The storages of tensors in this format, one for each rank and location met.
        struct Storage {
            std::size_t rank;
            std::string location;
            std::shared_ptr<const TensorStorage> storage;
        };
        std::vector<Storage> storages;
    };
    SharedFormat& formatOf(std::string_view text);
    SharedFormat& formatOf(std::string_view format, std::string_view dataType);
    std::shared_ptr<const TensorStorage> storageOf(SharedFormat& format, std::size_t rank,
                                                   std::string_view location);
    QString shared(std::string_view text) { return m_strings.get(text); }
    Tensor buildTensor(simdjson::dom::element raw);
    std::vector<Tensor> buildTensors(simdjson::dom::element raw);
    bool readConstant(simdjson::dom::element raw, qint64& count, QString& type, double& bytes);
    void readConstants(simdjson::dom::element raw, Layer& layer);

    StringPool m_strings{96};      // longer values (names, metadata) rarely repeat
    StringPool m_tensorNames{256}; // each tensor is named by its writer and by its readers
    std::unordered_map<std::string, SharedFormat, TextHash, std::equal_to<>> m_formats;
    std::unordered_map<std::string, SharedFormat, TextHash, std::equal_to<>> m_splitFormats;
};

} // namespace planscope
