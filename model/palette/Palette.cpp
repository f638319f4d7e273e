#include "palette/Palette.h"

#include <QHash>
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

namespace planscope::palette {

Rgb unknownColor() {
    return 0x808080;
} // trex: 'gray'

Rgb markColor() {
    return 0xD01090;
}

Rgb precisionColor(const QString& precision) {
    static const QHash<QString, Rgb> colors = {
        {"INT8", 0x76B900},                                         // NVIDIA green
        {"FP32", 0xFF0000},                                         // red
        {"FP16", 0xFFA500},                                         // orange
        {"INT32", 0xD3D3D3},                                        // light gray
        {"FP8", 0x00BFFF},                                          // deep sky blue
        {"INT4", 0xCC66FF},  {"FP4", 0xF4D03F}, {"BF16", 0xE9967A}, // dark salmon
    };
    return colors.value(precision, unknownColor());
}

namespace {

// trex's layer type colors.
const QHash<QString, Rgb>& trexTypeColors() {
    static const QHash<QString, Rgb> colors = {
        {"Convolution", 0x4682B4},    // SteelBlue
        {"Deconvolution", 0x7B68EE},  // MediumSlateBlue
        {"ConvActPool", 0x6495ED},    // CornflowerBlue
        {"MatrixMultiply", 0x1E90FF}, // DodgerBlue
        {"gemm", 0x1E90FF},           // DodgerBlue
        {"Reformat", 0x00FFFF},       // Cyan
        {"Shuffle", 0xBC8F8F},        // RosyBrown
        {"Slice", 0xFFA500},          // Orange
        {"Scale", 0x8FBC8B},          // DarkSeaGreen
        {"Quantize", 0x6B8E23},       // OliveDrab
        {"Pooling", 0x3CB371},        // MediumSeaGreen
        {"PluginV2", 0xC71585},       // MediumVioletRed
        {"PointWise", 0x9ACD32},      // YellowGreen
        {"ElementWise", 0x9ACD32},    // YellowGreen
        {"Reduce", 0x90EE90},         // LightGreen
        {"SoftMax", 0xDA70D6},        // Orchid
        {"Myelin", 0xB39C4D},         // Satin Sheen Gold
        {"kgen", 0xB39C4D},           // Satin Sheen Gold
        {"NonZero", 0x98FB98},        // PaleGreen
        {"TrainStation", 0xFFA07A},   // LightSalmon
    };
    return colors;
}

// Types newer than trex's table: TensorRT 10's Myelin kinds near the family they compute (a
// convolution blue, a pooling green) and the layer types TensorRT 10.7 to 10.16 added.
const QHash<QString, Rgb>& newerTypeColors() {
    static const QHash<QString, Rgb> colors = {
        {"correlation", 0x5F9EA0},     // CadetBlue: Myelin's convolution
        {"deconv", 0x6A5ACD},          // SlateBlue
        {"conv_act_pool", 0x4169E1},   // RoyalBlue
        {"maxpool", 0x2E8B57},         // SeaGreen
        {"fusion", 0xDAA520},          // GoldenRod, beside kgen's gold
        {"Squeeze", 0xD2B48C},         // Tan, beside Shuffle
        {"Unsqueeze", 0xDEB887},       // BurlyWood
        {"Cumulative", 0x20B2AA},      // LightSeaGreen
        {"DynamicQuantize", 0x556B2F}, // DarkOliveGreen, beside Quantize
        {"AttentionInput", 0x9370DB},  // MediumPurple
        {"AttentionOutput", 0x8A2BE2}, // BlueViolet
        {"RotaryEmbedding", 0xBDB76B}, // DarkKhaki
        {"KVCacheUpdate", 0xF08080},   // LightCoral
        {"MoE", 0x4B0082},             // Indigo
        {"DistCollective", 0x708090},  // SlateGray
    };
    return colors;
}

// The type's fixed color, trex's or one of ours; nullopt for a type neither table has.
std::optional<Rgb> fixedTypeColor(const QString& type) {
    if (const auto trex = trexTypeColors().constFind(type); trex != trexTypeColors().cend())
        return *trex;
    if (const auto newer = newerTypeColors().constFind(type); newer != newerTypeColors().cend())
        return *newer;
    return std::nullopt;
}

Rgb hslColor(double hue, double saturation, double lightness) {
    const double chroma = (1 - std::abs(2 * lightness - 1)) * saturation;
    const double h = hue / 60.0;
    const double x = chroma * (1 - std::abs(std::fmod(h, 2.0) - 1));
    const double rgb[6][3] = {{chroma, x, 0}, {x, chroma, 0}, {0, chroma, x},
                              {0, x, chroma}, {x, 0, chroma}, {chroma, 0, x}};
    const double* c = rgb[std::min(5, static_cast<int>(h))];
    const double m = lightness - chroma / 2;
    const auto channel = [m](double v) { return static_cast<Rgb>(std::lround((v + m) * 255)); };
    return channel(c[0]) << 16 | channel(c[1]) << 8 | channel(c[2]);
}

// How different two colors look ("redmean" weighted RGB distance).
double colorDistance(Rgb a, Rgb b) {
    const double r1 = a >> 16 & 0xFF, g1 = a >> 8 & 0xFF, b1 = a & 0xFF;
    const double r2 = b >> 16 & 0xFF, g2 = b >> 8 & 0xFF, b2 = b & 0xFF;
    const double mean = (r1 + r2) / 2;
    return std::sqrt((2 + mean / 256) * (r1 - r2) * (r1 - r2) + 4 * (g1 - g2) * (g1 - g2) +
                     (2 + (255 - mean) / 256) * (b1 - b2) * (b1 - b2));
}

// Colors unlike the fixed type colors, gray and white, and unlike each other: picked greedily
// (each the candidate farthest from all picked before) from a grid of hues and lightnesses.
const std::vector<Rgb>& unknownTypeColors() {
    static const std::vector<Rgb> picked = [] {
        constexpr int kColors = 20;
        std::vector<Rgb> candidates;
        for (int hue = 0; hue < 360; hue += 10)
            for (double saturation : {0.55, 0.8})
                for (double lightness : {0.3, 0.45, 0.6})
                    candidates.push_back(hslColor(hue, saturation, lightness));
        std::vector<Rgb> taken = {unknownColor(), 0xFFFFFF};
        for (Rgb c : trexTypeColors())
            taken.push_back(c);
        for (Rgb c : newerTypeColors())
            taken.push_back(c);
        const auto nearest = [&](Rgb c) {
            double d = 1e9;
            for (Rgb t : taken)
                d = std::min(d, colorDistance(c, t));
            return d;
        };
        std::vector<Rgb> colors;
        while (colors.size() < kColors) {
            const Rgb best =
                *std::max_element(candidates.begin(), candidates.end(),
                                  [&](Rgb a, Rgb b) { return nearest(a) < nearest(b); });
            colors.push_back(best);
            taken.push_back(best);
        }
        return colors;
    }();
    return picked;
}

// Which of those a type without a fixed color gets: by a hash of its name (FNV-1a), so it is the
// same in every chart, graph and plan.
std::size_t unknownTypeSlot(const QString& type) {
    quint32 hash = 2166136261u;
    for (const QChar c : type) {
        hash ^= c.unicode();
        hash *= 16777619u;
    }
    return hash % unknownTypeColors().size();
}

} // namespace

Rgb layerTypeColor(const QString& type) {
    return fixedTypeColor(type).value_or(unknownTypeColors()[unknownTypeSlot(type)]);
}

QHash<QString, Rgb> layerTypeColors(const QStringList& types) {
    QStringList unknown;
    QHash<QString, Rgb> colors;
    for (const QString& type : types) {
        if (const auto fixed = fixedTypeColor(type))
            colors.insert(type, *fixed);
        else if (!unknown.contains(type))
            unknown << type;
    }
    unknown.sort();
    const std::vector<Rgb>& palette = unknownTypeColors();
    std::vector<bool> taken(palette.size(), false);
    for (const QString& type : std::as_const(unknown)) {
        std::size_t slot = unknownTypeSlot(type);
        for (std::size_t probe = 0; probe < palette.size() && taken[slot]; ++probe)
            slot = (slot + 1) % palette.size();
        taken[slot] = true; // past 20 types, colors repeat
        colors.insert(type, palette[slot]);
    }
    return colors;
}

Rgb qualitativeColor(int index) {
    static constexpr std::array<Rgb, 12> palette = {0xA11350, 0x008619, 0x4064EC, 0xFFB519,
                                                    0x8F1A8E, 0xB2B200, 0x64B0FF, 0xE46D00,
                                                    0x02D2BA, 0xEF393D, 0xF1B0F7, 0x7E4401};
    return palette[static_cast<std::size_t>(std::abs(index)) % palette.size()];
}

Rgb scaleColor(double fraction) {
    // Five stops of a perceptually ordered blue-green-yellow scale.
    static constexpr std::array<Rgb, 5> stops = {0x440154, 0x3B528B, 0x21918C, 0x5EC962, 0xFDE725};
    const double t =
        std::clamp(std::isfinite(fraction) ? fraction : 0.0, 0.0, 1.0) * (stops.size() - 1);
    const auto i = std::min<std::size_t>(static_cast<std::size_t>(t), stops.size() - 2);
    const double f = t - static_cast<double>(i);
    const auto channel = [&](int shift) {
        const double a = (stops[i] >> shift) & 0xFF;
        const double b = (stops[i + 1] >> shift) & 0xFF;
        return static_cast<Rgb>(std::lround(a + (b - a) * f)) << shift;
    };
    return channel(16) | channel(8) | channel(0);
}

} // namespace planscope::palette
