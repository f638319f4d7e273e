#include "roofline/Roofline.h"

#include "plan/FigureText.h"
#include "plan/SideBySide.h"

#include <QHash>
#include <array>
#include <cmath>
#include <limits>

namespace planscope {
namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

// What a kernel's name says of its math, each name decoded once per plan. The readers share
// one string among the layers that name a kernel alike, so the string's own text (its address
// and length, alive while the plan is) is looked up first, without hashing the long name.
class KernelClasses {
  public:
    std::optional<MathClass> of(const QString& tactic) {
        const auto text = std::pair(tactic.constData(), tactic.size());
        if (const auto seen = m_byText.constFind(text); seen != m_byText.cend())
            return *seen;
        auto it = m_byName.constFind(tactic);
        if (it == m_byName.cend())
            it = m_byName.insert(tactic, mathClassOfKernel(decodeKernelName(tactic)));
        m_byText.insert(text, *it);
        return *it;
    }

  private:
    QHash<std::pair<const QChar*, qsizetype>, std::optional<MathClass>> m_byText;
    QHash<QString, std::optional<MathClass>> m_byName;
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
    RooflinePeaks peaks;
};

// The class whose peak applies to a layer with FLOPs: its kernel's, else the fastest its
// precision allows (so a roof is never set too low).
void chooseMath(const Layer& layer, const Roofs& roofs, KernelClasses& kernels,
                std::optional<MathClass>& math, bool& fromName) {
    if (const auto fromKernel = kernels.of(layer.tactic)) {
        math = fromKernel;
        fromName = true;
    } else if (roofs.device) {
        math = roofs.fastest(mathClassesForPrecision(layer.precision));
        if (!math) // no rate for the precision's classes: the fastest of all
            math = roofs.fastest({kMathClasses.begin(), kMathClasses.end()});
    }
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

// Every figure that follows from a layer's work, class and time on `device` (none: the work's
// alone); the note only when asked, as it is text.
void deriveFigures(LayerRoofline& r, const GpuDevice* device, const RooflinePeaks& peaks,
                   bool withNote) {
    const auto& flops = r.work.flops;
    const auto& bytes = r.work.bytes;
    if (flops && bytes && *bytes > 0)
        r.intensity = *flops / *bytes;
    if (r.math)
        r.peakTflops = peaks[static_cast<std::size_t>(*r.math)];
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
    if (!withNote)
        return;
    QStringList notes;
    if (r.solPercent && *r.solPercent > 100 && device &&
        (r.bound == Bound::Memory || r.achievedTflops))
        notes << aboveRoofNote(r, *device);
    if (r.work.weightsUnknown && bytes)
        notes << QStringLiteral("its weights are not in the files: its bytes count its tensors");
    r.note = notes.join(QStringLiteral("; "));
}

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

double orNone(const std::optional<double>& value) {
    return value.value_or(kNone);
}

std::optional<double> unlessNone(double value) {
    return std::isnan(value) ? std::nullopt : std::optional(value);
}

// A sum of the figures known; empty when none is.
class Sum {
  public:
    void add(const std::optional<double>& value) {
        if (value) {
            m_sum += *value;
            m_any = true;
        }
    }
    std::optional<double> value() const { return m_any ? std::optional(m_sum) : std::nullopt; }

  private:
    double m_sum = 0;
    bool m_any = false;
};

Roofline::Record recordOf(const Layer& layer, const Roofs& roofs, KernelClasses& kernels) {
    const LayerWork work = layerWork(layer);
    std::optional<MathClass> math;
    bool mathFromName = false;
    if (work.flops)
        chooseMath(layer, roofs, kernels, math, mathFromName);
    return {orNone(work.flops),  orNone(work.bytes),
            orNone(work.params), orNone(layer.timing.average()),
            work.kind,           static_cast<qint8>(math ? static_cast<int>(*math) : -1),
            mathFromName,        work.kernelFromName,
            work.weightsUnknown};
}

} // namespace

Roofline rooflineFromFiles(const EnginePlan& plan) {
    return computeRoofline(plan, deviceFromMetadata(plan.metadata));
}

const char* boundName(Bound bound) {
    return bound == Bound::Compute ? "compute" : "memory";
}

LayerRoofline Roofline::layer(std::size_t index) const {
    return figures(index, true);
}

LayerRoofline Roofline::figures(std::size_t index, bool withNote) const {
    const Record& record = m_records.at(index);
    LayerRoofline r;
    r.work.kind = record.kind;
    r.work.flops = unlessNone(record.flops);
    r.work.bytes = unlessNone(record.bytes);
    r.work.params = unlessNone(record.params);
    r.work.kernelFromName = record.kernelFromName;
    r.work.weightsUnknown = record.weightsUnknown;
    if (record.math >= 0)
        r.math = kMathClasses[static_cast<unsigned char>(record.math)];
    r.mathFromName = record.mathFromName;
    r.ms = unlessNone(record.ms);
    deriveFigures(r, device ? &*device : nullptr, m_peaks, withNote);
    return r;
}

Roofline computeRoofline(const EnginePlan& plan, const std::optional<GpuDevice>& device) {
    Roofline roofline;
    roofline.device = device;
    const Roofs roofs(roofline.device);
    roofline.m_peaks = roofs.peaks;
    // The layers' records in two halves side by side on a large plan (each half decodes its
    // kernels' names), then the sums in the plan's order, so they come out as one thread's.
    const std::size_t count = plan.layers.size();
    const std::size_t parts = count >= kLayersForTwoThreads ? 2 : 1;
    roofline.m_records.resize(count);
    sideBySide<int>(parts, [&](std::size_t part) {
        KernelClasses kernels;
        for (std::size_t i = count * part / parts; i < count * (part + 1) / parts; ++i)
            roofline.m_records[i] = recordOf(plan.layers[i], roofs, kernels);
        return 0;
    });
    Sum flops, bytes, ms, solMs, measuredSolMs;
    for (std::size_t i = 0; i < count; ++i) {
        const LayerRoofline r = roofline.figures(i, false);
        flops.add(r.work.flops);
        bytes.add(r.work.bytes);
        ms.add(r.ms);
        solMs.add(r.solMs);
        if (r.ms)
            measuredSolMs.add(r.solMs);
    }
    RooflineTotal& total = roofline.total;
    total.flops = flops.value();
    total.bytes = bytes.value();
    total.params = engineParams(plan.layers);
    total.ms = ms.value();
    total.solMs = solMs.value();
    // The share: the measured layers' speed of light over their time (a layer whose speed of
    // light is unknown adds its time alone).
    if (total.ms && total.solMs && *total.ms > 0)
        total.solPercent = measuredSolMs.value().value_or(0) / *total.ms * 100;
    return roofline;
}

} // namespace planscope
