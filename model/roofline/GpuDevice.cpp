#include "roofline/GpuDevice.h"

#include "roofline/GpuTable.h"
#include "roofline/RateTable.h"

#include <cmath>

namespace planscope {
namespace {

// The first number of a value as trtexec writes it: 1.41, "1.425 GHz", "192 bits (ECC
// disabled)", "1410 MHz" (in GHz: units of MHz and kHz scaled to GHz when `clock`).
std::optional<double> numberOf(const OrderedJson* value, bool clock = false) {
    if (!value)
        return std::nullopt;
    if (value->is_number())
        return value->get<double>();
    if (!value->is_string())
        return std::nullopt;
    const QString text = QString::fromStdString(value->get<std::string>()).trimmed();
    qsizetype end = 0;
    while (end < text.size() && (text[end].isDigit() || text[end] == u'.'))
        ++end;
    bool ok = false;
    double number = text.first(end).toDouble(&ok);
    if (!ok)
        return std::nullopt;
    if (clock && text.contains(QLatin1String("MHz"), Qt::CaseInsensitive))
        number /= 1e3;
    else if (clock && text.contains(QLatin1String("kHz"), Qt::CaseInsensitive))
        number /= 1e6;
    return number;
}

const OrderedJson* find(const OrderedJson& device, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        if (const auto it = device.find(key); it != device.end() && !it->is_null())
            return &*it;
    return nullptr;
}

// "8.6", 8.6, 7.5 or trex's [8, 6].
bool readComputeCapability(const OrderedJson& device, GpuDevice& gpu) {
    if (const OrderedJson* list = find(device, {"ComputeCapability"});
        list && list->is_array() && list->size() == 2 && (*list)[0].is_number_integer() &&
        (*list)[1].is_number_integer()) {
        gpu.major = (*list)[0].get<int>();
        gpu.minor = (*list)[1].get<int>();
        return true;
    }
    const OrderedJson* value = find(device, {"Compute Capability"});
    if (!value)
        return false;
    const QString text = value->is_string()   ? QString::fromStdString(value->get<std::string>())
                         : value->is_number() ? QString::number(value->get<double>(), 'f', 1)
                                              : QString();
    const QStringList parts = text.trimmed().split(QLatin1Char('.'));
    bool majorOk = false;
    bool minorOk = false;
    gpu.major = parts.value(0).toInt(&majorOk);
    gpu.minor = parts.size() == 2 ? parts[1].toInt(&minorOk) : 0;
    return majorOk && (parts.size() == 1 || minorOk);
}

} // namespace

QString GpuDevice::computeCapability() const {
    return QStringLiteral("%1.%2").arg(major).arg(minor);
}

bool GpuDevice::geforce() const {
    return name.contains(QLatin1String("GeForce"), Qt::CaseInsensitive);
}

double GpuDevice::bandwidthGbs() const {
    return memoryBusBits / 8.0 * memoryClockGhz * 2;
}

std::optional<double> GpuDevice::peakTflops(MathClass math) const {
    const RateRow* row = rateRow(major, minor);
    if (!row || row->rate(math) <= 0)
        return std::nullopt;
    double rate = row->rate(math);
    if (geforce() && row->geforceHalves && halvedOnGeforce(math))
        rate /= 2;
    return sms * clockGhz * rate / 1e3;
}

std::optional<GpuDevice> deviceFromMetadata(const EngineMetadata& metadata) {
    const OrderedJson& device = metadata.device;
    if (!device.is_object())
        return std::nullopt;
    GpuDevice gpu;
    if (const OrderedJson* name = find(device, {"Selected Device", "Name"});
        name && name->is_string())
        gpu.name = QString::fromStdString(name->get<std::string>()).trimmed();
    if (!readComputeCapability(device, gpu))
        return std::nullopt;
    const auto sms = numberOf(find(device, {"SMs", "MULTIPROCESSOR_COUNT"}));
    const auto bus = numberOf(find(device, {"Memory Bus Width", "GLOBAL_MEMORY_BUS_WIDTH"}));
    auto clock =
        numberOf(find(device, {"Compute Clock Rate", "Application Compute Clock Rate"}), true);
    auto memoryClock =
        numberOf(find(device, {"Memory Clock Rate", "Application Memory Clock Rate"}), true);
    // trex's device list: CUDA's device attributes, clocks in kHz.
    if (!clock)
        if (const auto khz = numberOf(find(device, {"CLOCK_RATE"})))
            clock = *khz / 1e6;
    if (!memoryClock)
        if (const auto khz = numberOf(find(device, {"MEMORY_CLOCK_RATE"})))
            memoryClock = *khz / 1e6;
    if (!sms || !bus || !clock || !memoryClock || *sms <= 0 || *bus <= 0 || *clock <= 0 ||
        *memoryClock <= 0)
        return std::nullopt;
    gpu.sms = static_cast<int>(std::lround(*sms));
    gpu.memoryBusBits = static_cast<int>(std::lround(*bus));
    gpu.clockGhz = *clock;
    gpu.memoryClockGhz = *memoryClock;
    if (const auto l2 = numberOf(find(device, {"L2_CACHE_SIZE"})); l2 && *l2 > 0)
        gpu.l2Bytes = *l2;
    else if (const GpuTableEntry* known = gpuTableEntryNamed(gpu.name))
        gpu.l2Bytes = known->l2Megabytes * 1024 * 1024;
    gpu.source = DeviceSource::Files;
    return gpu;
}

} // namespace planscope
