#include "roofline/RooflineJson.h"

#include "json/CsvTable.h"
#include "json/JsonItemParts.h"
#include "json/JsonStreamWriter.h"
#include "json/JsonValues.h"
#include "plan/SideBySide.h"

#include <algorithm>

namespace planscope {
namespace {

const char* mathText(const LayerRoofline& r) {
    return r.math ? mathClassName(*r.math) : nullptr;
}

const char* boundText(const LayerRoofline& r) {
    return r.bound ? boundName(*r.bound) : nullptr;
}

void writeText(JsonStreamWriter& w, std::string_view key, const char* text) {
    w.key(key);
    if (text)
        w.value(text);
    else
        w.null();
}

void writeDevice(JsonStreamWriter& w, const std::optional<GpuDevice>& device) {
    w.key("device");
    if (!device) {
        w.null();
        return;
    }
    w.beginObject();
    w.member("name", device->name);
    w.member("compute_capability", device->computeCapability());
    w.member("sms", device->sms);
    w.member("clock_ghz", device->clockGhz);
    w.member("memory_bus_bits", device->memoryBusBits);
    w.member("memory_clock_ghz", device->memoryClockGhz);
    w.member("bandwidth_gbs", device->bandwidthGbs());
    w.member("source", deviceSourceName(device->source));
    w.key("peaks_tflops");
    w.beginObject();
    for (MathClass math : kMathClasses)
        w.member(mathClassName(math), device->peakTflops(math));
    w.endObject();
    w.endObject();
}

void writeTotal(JsonStreamWriter& w, const RooflineTotal& total) {
    w.key("total");
    w.beginObject();
    w.key("flops");
    w.figure(total.flops);
    w.key("params");
    w.figure(total.params);
    w.key("bytes");
    w.figure(total.bytes);
    w.member("ms", total.ms);
    w.member("sol_ms", total.solMs);
    w.member("sol_percent", total.solPercent);
    w.endObject();
}

void writeLayer(JsonStreamWriter& w, const Layer& layer, const LayerRoofline& r) {
    w.beginObject();
    w.member("index", layer.index);
    w.member("name", layer.name);
    w.member("type", layer.type);
    writeText(w, "math", mathText(r));
    w.key("flops");
    w.figure(r.work.flops);
    w.key("bytes");
    w.figure(r.work.bytes);
    w.member("intensity", r.intensity);
    w.member("peak_tflops", r.peakTflops);
    writeText(w, "bound", boundText(r));
    w.member("sol_ms", r.solMs);
    w.member("ms", r.ms);
    w.member("sol_percent", r.solPercent);
    w.member("achieved_tflops", r.achievedTflops);
    w.member("achieved_gbs", r.achievedGbs);
    w.member("above_sol_ms", r.aboveSolMs);
    w.key("note");
    if (r.note.isEmpty())
        w.null();
    else
        w.value(r.note);
    w.endObject();
}

OrderedJson textOrNull(const char* text) {
    return text ? OrderedJson(text) : OrderedJson();
}

} // namespace

const char* deviceSourceName(DeviceSource source) {
    return source == DeviceSource::Files ? "files" : "gpu option";
}

void writeRooflineJson(const EnginePlan& plan, const Roofline& roofline,
                       const std::function<void(std::string_view)>& write) {
    std::string text;
    JsonStreamWriter w(text);
    w.beginObject();
    writeDevice(w, roofline.device);
    writeTotal(w, roofline.total);
    w.key("layers");
    w.beginArray();
    // Writing the layers is most of the command's time after the read, when the second core
    // idles: they are written in rounds of two parts side by side (the array two containers
    // deep), each round handed on in order, so the text held stays a few megabytes (two parts
    // of 2,048 layers, their room kept from round to round).
    w.flush();
    write(text);
    text.clear();
    const std::size_t count = std::min(plan.layers.size(), roofline.size());
    JsonItemParts parts(2, kLayersForTwoThreads, 560); // a layer's 16 members
    for (std::size_t from = 0; from < count; from += 2 * kLayersForTwoThreads) {
        const std::size_t to = std::min(count, from + 2 * kLayersForTwoThreads);
        parts.write(
            from, to, from > 0,
            [&](JsonStreamWriter& items, std::size_t i) {
                writeLayer(items, plan.layers[i], roofline.layer(i));
            },
            write);
    }
    if (count > 0)
        w.itemsWritten();
    w.endArray();
    w.endObject();
    w.flush();
    text += '\n';
    write(text);
}

std::string rooflineJsonText(const EnginePlan& plan, const Roofline& roofline) {
    std::string text;
    writeRooflineJson(plan, roofline, [&](std::string_view piece) { text += piece; });
    return text;
}

QByteArray rooflineCsv(const EnginePlan& plan, const Roofline& roofline) {
    std::vector<OrderedJson> rows;
    rows.reserve(plan.layers.size());
    for (std::size_t i = 0; i < plan.layers.size() && i < roofline.size(); ++i) {
        const Layer& l = plan.layers[i];
        const LayerRoofline r = roofline.layer(i);
        rows.push_back({
            {"index", l.index},
            {"name", l.name.toStdString()},
            {"type", l.type.toStdString()},
            {"math", textOrNull(mathText(r))},
            {"flops", jsonNumber(r.work.flops)},
            {"bytes", jsonNumber(r.work.bytes)},
            {"intensity", optionalJson(r.intensity)},
            {"peak_tflops", optionalJson(r.peakTflops)},
            {"bound", textOrNull(boundText(r))},
            {"sol_ms", optionalJson(r.solMs)},
            {"ms", optionalJson(r.ms)},
            {"sol_percent", optionalJson(r.solPercent)},
            {"achieved_tflops", optionalJson(r.achievedTflops)},
            {"achieved_gbs", optionalJson(r.achievedGbs)},
            {"above_sol_ms", optionalJson(r.aboveSolMs)},
            {"note", optionalText(r.note)},
        });
    }
    OrderedJson columns = OrderedJson::object(); // the header, for a plan without layers too
    for (const char* key :
         {"index", "name", "type", "math", "flops", "bytes", "intensity", "peak_tflops", "bound",
          "sol_ms", "ms", "sol_percent", "achieved_tflops", "achieved_gbs", "above_sol_ms", "note"})
        columns[key] = nullptr;
    return objectsCsv(columns, rows);
}

} // namespace planscope
