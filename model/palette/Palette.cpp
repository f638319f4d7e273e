#include "palette/Palette.h"

#include <QHash>
#include <algorithm>
#include <array>
#include <cmath>

namespace planscope::palette {

Rgb unknownColor() {
    return 0x808080;
} // trex: 'gray'

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

Rgb layerTypeColor(const QString& type) {
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
    return colors.value(type, unknownColor());
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
