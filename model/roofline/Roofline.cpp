#include "roofline/Roofline.h"

#include "plan/FigureText.h"

#include <QHash>
#include <array>

namespace planscope {
namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

// What a kernel's name says of its math, each name decoded once per plan.
class KernelClasses {
  public:
    std::optional<MathClass> of(const QString& tactic) {
        const auto it = m_classes.constFind(tactic);
        if (it != m_classes.cend())
            return *it;
        const std::optional<MathClass> math = mathClassOfKernel(decodeKernelName(tactic));
        m_classes.insert(tactic, math);
        return math;
    }

  private:
    QHash<QString, std::optional<MathClass>> m_classes;
};

// The device and its peak of each class, worked out once for all the layers.
struct Roofs {
    explicit Roofs(const std::optional<GpuDevice>& gpu) : device(gpu ? &*gpu : nullptr) {
        if (device)
            for (std::size_t i = 0; i < kMathClasses.size(); ++i)
                peaks[i] = device->peakTflops(kMathClasses[i]);
    }
    std::optional<double> peak(MathClass math) const {
        return peaks[static_cast<std::size_t>(math)];
    }
    // The fastest of `classes` the device has a rate for.
    std::optional<MathClass> fastest(const std::vector<MathClass>& classes) const {
        std::optional<MathClass> best;
        double bestPeak = 0;
        for (MathClass math : classes)
            if (const auto p = peak(math); p && *p > bestPeak) {
                best = math;
                bestPeak = *p;
            }
        return best;
    }

    const GpuDevice* device;
    std::array<std::optional<double>, kMathClasses.size()> peaks;
};

void chooseMath(const Layer& layer, const Roofs& roofs, KernelClasses& kernels, LayerRoofline& r) {
    if (const auto fromName = kernels.of(layer.tactic)) {
        r.math = fromName;
        r.mathFromName = true;
    } else if (roofs.device) {
        r.math = roofs.fastest(mathClassesForPrecision(layer.precision));
        if (!r.math) // no rate for the precision's classes: the fastest of all
            r.math = roofs.fastest({kMathClasses.begin(), kMathClasses.end()});
    }
    if (r.math)
        r.peakTflops = roofs.peak(*r.math);
}

QString megabytesText(double bytes) {
    return QString::number(bytes / kMegabyte, 'f', bytes < 10 * kMegabyte ? 2 : 1) +
           QStringLiteral(" MB");
}

// Why a layer beats its speed of light.
QString aboveRoofNote(const LayerRoofline& r, const GpuDevice& device) {
    if (r.bound == Bound::Compute)
        return QStringLiteral("above its %1 compute roof (%2 TFLOP/s achieved, peak %3): a "
                              "defect of the rate table or of the math class read from %4")
            .arg(QLatin1String(mathClassName(*r.math)), QString::number(*r.achievedTflops, 'f', 1),
                 QString::number(*r.peakTflops, 'f', 1),
                 r.mathFromName ? QStringLiteral("its kernel's name")
                                : QStringLiteral("its precision"));
    const double bytes = *r.work.bytes;
    if (!device.l2Bytes)
        return QStringLiteral("faster than DRAM allows for its %1: its tensors were in L2 (its "
                              "size on this GPU is not known)")
            .arg(megabytesText(bytes));
    if (bytes <= *device.l2Bytes)
        return QStringLiteral("faster than DRAM allows: its %1 fit in L2 (%2 on this GPU)")
            .arg(megabytesText(bytes), megabytesText(*device.l2Bytes));
    return QStringLiteral("faster than DRAM allows for its %1, more than L2 holds (%2 on this "
                          "GPU): some of its tensors were in L2 or are counted twice")
        .arg(megabytesText(bytes), megabytesText(*device.l2Bytes));
}

LayerRoofline layerRoofline(const Layer& layer, const Roofs& roofs, KernelClasses& kernels) {
    const GpuDevice* device = roofs.device;
    LayerRoofline r;
    r.work = layerWork(layer);
    const auto& flops = r.work.flops;
    const auto& bytes = r.work.bytes;
    if (flops && bytes && *bytes > 0)
        r.intensity = *flops / *bytes;
    if (flops)
        chooseMath(layer, roofs, kernels, r);
    r.ms = layer.timing.average();
    if (device) {
        const std::optional<double> computeMs =
            flops && r.peakTflops ? std::optional(*flops / (*r.peakTflops * 1e9)) : std::nullopt;
        const std::optional<double> memoryMs =
            bytes ? std::optional(*bytes / (device->bandwidthGbs() * 1e6)) : std::nullopt;
        // FLOPs without a peak: no roof to judge them by, so no speed of light.
        if (!(flops && !computeMs) && (computeMs || memoryMs)) {
            const bool compute = computeMs && (!memoryMs || *computeMs >= *memoryMs);
            r.bound = compute ? Bound::Compute : Bound::Memory;
            r.solMs = compute ? computeMs : memoryMs;
        }
    }
    if (r.ms && *r.ms > 0) {
        const double seconds = *r.ms / 1e3;
        if (flops)
            r.achievedTflops = *flops / seconds / 1e12;
        if (bytes)
            r.achievedGbs = *bytes / seconds / 1e9;
        if (r.solMs) {
            r.solPercent = *r.solMs / *r.ms * 100;
            r.aboveSolMs = *r.ms - *r.solMs;
        }
    }
    QStringList notes;
    if (r.solPercent && *r.solPercent > 100 && device &&
        (r.bound == Bound::Memory || r.achievedTflops))
        notes << aboveRoofNote(r, *device);
    if (r.work.weightsUnknown && bytes)
        notes << QStringLiteral("its weights are not in the files: its bytes count its tensors");
    r.note = notes.join(QStringLiteral("; "));
    return r;
}

std::optional<double> sumOf(const std::vector<LayerRoofline>& layers,
                            std::optional<double> LayerRoofline::*field) {
    double sum = 0;
    bool any = false;
    for (const LayerRoofline& r : layers)
        if (const auto& value = r.*field) {
            sum += *value;
            any = true;
        }
    return any ? std::optional(sum) : std::nullopt;
}

std::optional<double> sumOfWork(const std::vector<LayerRoofline>& layers,
                                std::optional<double> LayerWork::*field) {
    double sum = 0;
    bool any = false;
    for (const LayerRoofline& r : layers)
        if (const auto& value = r.work.*field) {
            sum += *value;
            any = true;
        }
    return any ? std::optional(sum) : std::nullopt;
}

} // namespace

Roofline rooflineFromFiles(const EnginePlan& plan) {
    return computeRoofline(plan, deviceFromMetadata(plan.metadata));
}

const char* boundName(Bound bound) {
    return bound == Bound::Compute ? "compute" : "memory";
}

Roofline computeRoofline(const EnginePlan& plan, const std::optional<GpuDevice>& device) {
    Roofline roofline;
    roofline.device = device;
    roofline.layers.reserve(plan.layers.size());
    KernelClasses kernels;
    const Roofs roofs(roofline.device);
    for (const Layer& layer : plan.layers)
        roofline.layers.push_back(layerRoofline(layer, roofs, kernels));
    RooflineTotal& total = roofline.total;
    total.flops = sumOfWork(roofline.layers, &LayerWork::flops);
    total.bytes = sumOfWork(roofline.layers, &LayerWork::bytes);
    total.params = engineParams(plan.layers);
    total.ms = sumOf(roofline.layers, &LayerRoofline::ms);
    total.solMs = sumOf(roofline.layers, &LayerRoofline::solMs);
    // The share: the measured layers' speed of light over their time (a layer whose speed of
    // light is unknown adds its time alone).
    double measuredSol = 0;
    for (const LayerRoofline& r : roofline.layers)
        if (r.ms && r.solMs)
            measuredSol += *r.solMs;
    if (total.ms && total.solMs && *total.ms > 0)
        total.solPercent = measuredSol / *total.ms * 100;
    return roofline;
}

} // namespace planscope
