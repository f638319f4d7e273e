#pragma once

#include "charts/Chart.h"
#include "plan/EnginePlan.h"

#include <functional>
#include <optional>
#include <vector>

// Building blocks the chart definitions share.
namespace planscope::charts {

using Layers = std::vector<const Layer*>;
// A number of a layer, or nothing when the plan's files do not give it: a layer no profile
// measured has no latency. Charts leave such layers out (or color them "not measured"), never
// draw them as 0.
using LayerValue = std::function<std::optional<double>(const Layer&)>;
using LayerKey = std::function<QString(const Layer&)>;
using KeyColor = std::function<Rgb(const QString&)>;

// Values charts put on their axes.
std::optional<double> layerAverageMs(const Layer& layer); // average latency, when measured
std::optional<double> layerPercent(const Layer& layer);   // share of the engine's latency
double oneEach(const Layer& layer);                       // 1: counts layers when summed

// What a time panel says when the layers it shows have no measured timing.
QString noTimingsMessage();
// The color of marks whose color value is missing, and its legend entry.
Rgb notMeasuredColor();

Layers allLayers(const EnginePlan& plan);
Layers layersOfType(const EnginePlan& plan, const QString& type);
Layers convolutions(const EnginePlan& plan); // convolutions with implicit-GEMM metrics
// A chart of `convolutions(plan)` says in each panel why it is empty when there are none: no
// convolution at all, or convolutions whose shapes the files do not give.
Chart explainNoConvolutions(Chart chart, const EnginePlan& plan);

// A value as a person reads it: "12.35", "0.0421", "25.7M", "5.2e-4" (SI suffixes k, M, G, T,
// P, E for large values; a power of ten, written without "+" or leading zeros, for tiny ones).
QString formatNumber(double value);
// A tick's value written to the precision its axis' step needs: "0.25", "40", "1.5k", "2M",
// "3e-5"; ticks of one axis differ in what they show.
QString formatTick(double value, double step);
// Three significant digits: "1.23M", "0.0421", "4.2e-5".
QString formatShort(double value);

// The layer's name, type, precision and latency, then `extra` lines.
QString layerTooltip(const Layer& layer, const QStringList& extra = {});

// The colors of the plans' layer types: trex's, and one apart for each type trex has none for
// (palette::layerTypeColors), the same in every chart of these plans.
KeyColor typeColors(const std::vector<const EnginePlan*>& plans);
KeyColor typeColors(const EnginePlan& plan);

// Keys in first-seen order, with their colors.
std::vector<std::pair<QString, Rgb>> legendOf(const Layers& layers, const LayerKey& key,
                                              const KeyColor& color);

// One bar per layer with a value, in engine order, colored by a key (type, precision ...).
Panel perLayerBars(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                   const LayerKey& key, const KeyColor& color);

// One bar per layer with a value, colored by a second value on a continuous scale.
Panel perLayerBarsScaled(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                         const LayerValue& colorValue, const QString& colorLabel);

// Horizontal bars, one per key, summing `value` over the layers of that key that have it.
Panel keyBars(const Layers& layers, const LayerKey& key, const LayerValue& value,
              const QString& valueLabel, const KeyColor& color);

// Distribution of `value` over `bins` equal bins, each bin's bar stacked by key.
Panel histogram(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                const LayerKey& key, const KeyColor& color, int bins = 20);

// Points of layers, positioned by x and y, sized and colored by two more values.
Panel scatter(const Layers& layers, const LayerValue& x, const QString& xLabel, const LayerValue& y,
              const QString& yLabel, const LayerValue& color, const QString& colorLabel,
              const LayerValue& size = {});

Chart singlePanel(const QString& id, const QString& title, Panel panel);

} // namespace planscope::charts
