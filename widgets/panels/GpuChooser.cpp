#include "panels/GpuChooser.h"

#include "document/PlanDocument.h"
#include "roofline/GpuDevice.h"
#include "roofline/GpuTable.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>

namespace planscope {

GpuChooser::GpuChooser(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_label(new QLabel(tr("Speed of light on:"), this)),
      m_combo(new QComboBox(this)) {
    m_combo->setObjectName(QStringLiteral("gpuChooser"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->addItem(QString());
    for (const GpuTableEntry& entry : gpuTable())
        m_combo->addItem(QString::fromLatin1(entry.name), QString::fromLatin1(entry.name));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_combo);
    connect(m_combo, &QComboBox::activated, this, &GpuChooser::chosen);
    connect(document, &PlanDocument::planChanged, this, &GpuChooser::planChanged);
    planChanged();
}

bool GpuChooser::choose(const QString& name) {
    const int index = name.isEmpty() ? 0 : m_combo->findData(name);
    if (index < 0)
        return false;
    m_combo->setCurrentIndex(index);
    chosen(index);
    return true;
}

// A new plan: its files' device, else the GPU remembered for plans without one.
void GpuChooser::planChanged() {
    const EnginePlan* plan = m_document->plan();
    const std::optional<GpuDevice> files = plan ? deviceFromMetadata(plan->metadata) : std::nullopt;
    m_filesDescribeOne = files.has_value();
    m_combo->setItemText(0, files ? tr("%1 (the files')").arg(files->name)
                                  : tr("No GPU (the files describe none)"));
    int index = 0;
    if (!files) {
        const QString remembered = QSettings().value(QLatin1String(kChosenGpuKey)).toString();
        if (const GpuTableEntry* entry = gpuTableEntryNamed(remembered))
            index = std::max(0, m_combo->findData(QString::fromLatin1(entry->name)));
    }
    m_combo->setCurrentIndex(index);
    const GpuTableEntry* entry =
        index > 0 ? gpuTableEntryNamed(m_combo->itemData(index).toString()) : nullptr;
    m_document->setGpu(entry ? std::optional(deviceOf(*entry)) : std::nullopt);
    m_combo->setEnabled(plan != nullptr);
    describe();
}

void GpuChooser::chosen(int index) {
    const GpuTableEntry* entry =
        index > 0 ? gpuTableEntryNamed(m_combo->itemData(index).toString()) : nullptr;
    if (!m_filesDescribeOne) { // remembered for the next plan without a device
        QSettings settings;
        if (entry)
            settings.setValue(QLatin1String(kChosenGpuKey), QString::fromLatin1(entry->name));
        else
            settings.remove(QLatin1String(kChosenGpuKey));
    }
    m_document->setGpu(entry ? std::optional(deviceOf(*entry)) : std::nullopt);
    describe();
}

void GpuChooser::describe() {
    QString source;
    if (m_combo->currentIndex() == 0)
        source = m_filesDescribeOne
                     ? tr("The device the plan's files describe (build or profile metadata, or a "
                          "trtexec log).")
                     : tr("The plan's files describe no GPU: choose one to see how far each "
                          "layer is from its speed of light.");
    else
        source = m_filesDescribeOne
                     ? tr("Chosen from the built-in table for this plan, instead of the device "
                          "its files describe (choose the first entry to go back).")
                     : tr("Chosen from the built-in table (planscope roofline --gpu list), and "
                          "remembered for plans whose files describe no GPU.");
    const QString tip =
        tr("The GPU the Layers SOL % column, the inspector's Speed of light, the Roofline chart "
           "and the Summary judge the layers by. %1 The leads judge by the files' device.")
            .arg(source);
    m_combo->setToolTip(tip);
    m_label->setToolTip(tip);
}

} // namespace planscope
