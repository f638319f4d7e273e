#include "dialogs/LintSettingsDialog.h"

#include "lint/LintCatalog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace planscope {
namespace {

const QString kDisabled = QStringLiteral("lint/disabled");

QString thresholdKey(const QString& name) {
    return QStringLiteral("lint/") + name;
}

} // namespace

LintSettingsDialog::LintSettingsDialog(const LintSettings& settings, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Lint Rules"));
    auto* rules = new QGroupBox(tr("Rules that run"), this);
    auto* ruleLayout = new QVBoxLayout(rules);
    for (const QString& rule : standardRules()) {
        auto* box = new QCheckBox(rule, rules);
        ruleLayout->addWidget(box);
        m_rules[rule] = box;
    }
    auto* thresholds = new QGroupBox(tr("Thresholds"), this);
    auto* thresholdLayout = new QFormLayout(thresholds);
    const QStringList descriptions = LintSettings().describeThresholds();
    const QStringList names = LintSettings::thresholdNames();
    for (qsizetype i = 0; i < names.size(); ++i) {
        auto* spin = new QDoubleSpinBox(thresholds);
        spin->setRange(0, 1e6);
        spin->setDecimals(3);
        spin->setToolTip(descriptions[i]);
        thresholdLayout->addRow(names[i], spin);
        m_thresholds[names[i]] = spin;
    }
    auto* buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { display(LintSettings()); });
    auto* layout = new QVBoxLayout(this);
    auto* columns = new QHBoxLayout;
    columns->addWidget(rules);
    columns->addWidget(thresholds, 1);
    layout->addLayout(columns);
    layout->addWidget(buttons);
    display(settings);
}

void LintSettingsDialog::display(const LintSettings& settings) {
    for (const auto& [rule, box] : m_rules)
        box->setChecked(settings.runs(rule));
    for (const auto& [name, spin] : m_thresholds)
        spin->setValue(*settings.threshold(name));
}

LintSettings LintSettingsDialog::settings() const {
    LintSettings settings;
    for (const auto& [rule, box] : m_rules)
        if (!box->isChecked())
            settings.disabled.insert(rule);
    for (const auto& [name, spin] : m_thresholds)
        *settings.threshold(name) = spin->value();
    return settings;
}

LintSettings loadLintSettings() {
    const QSettings stored;
    LintSettings settings;
    for (const QString& rule : stored.value(kDisabled).toStringList())
        settings.disabled.insert(rule);
    for (const QString& name : LintSettings::thresholdNames()) {
        bool ok = false;
        const double value = stored.value(thresholdKey(name)).toDouble(&ok);
        if (ok && value >= 0)
            *settings.threshold(name) = value;
    }
    return settings;
}

void saveLintSettings(const LintSettings& settings) {
    QSettings stored;
    stored.setValue(kDisabled, QStringList(settings.disabled.cbegin(), settings.disabled.cend()));
    for (const QString& name : LintSettings::thresholdNames())
        stored.setValue(thresholdKey(name), *settings.threshold(name));
}

} // namespace planscope
