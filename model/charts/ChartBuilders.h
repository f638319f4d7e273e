#pragma once

#include "charts/Chart.h"
#include "plan/EnginePlan.h"

#include <functional>
#include <vector>

// Building blocks the chart definitions share.
namespace planscope::charts {

using Layers = std::vector<const Layer*>;
using LayerValue = std::function<double(const Layer&)>;
using LayerKey = std::function<QString(const Layer&)>;
using KeyColor = std::function<Rgb(const QString&)>;

// Values charts put on their axes.
double layerAverageMs(const Layer& layer); // average latency
double layerPercent(const Layer& layer);   // share of the engine's latency
double oneEach(const Layer& layer);        // 1: counts layers when summed

Layers allLayers(const EnginePlan& plan);
Layers layersOfType(const EnginePlan& plan, const QString& type);
Layers convolutions(const EnginePlan& plan); // convolutions with implicit-GEMM metrics

// "12.3 ms", "1.2 MB", "3.4e+09": a value as a person reads it.
QString formatNumber(double value);
QString formatBytes(double bytes);

// The layer's name, type, precision and latency, then `extra` lines.
QString layerTooltip(const Layer& layer, const QStringList& extra = {});

// Keys in first-seen order, with their colors.
std::vector<std::pair<QString, Rgb>> legendOf(const Layers& layers, const LayerKey& key,
                                              const KeyColor& color);

// One bar per layer, in engine order, colored by a key (type, precision ...).
Panel perLayerBars(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                   const LayerKey& key, const KeyColor& color);

// One bar per layer colored by a second value on a continuous scale.
Panel perLayerBarsScaled(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                         const LayerValue& colorValue, const QString& colorLabel);

// Horizontal bars, one per key, summing `value` over the layers of that key.
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
