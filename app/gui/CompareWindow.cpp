#include "CompareWindow.h"

#include "ComparePanel.h"
#include "PlanError.h"
#include "PlanLoader.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace planscope {
namespace {

struct Loaded {
    std::shared_ptr<const EnginePlan> a;
    std::shared_ptr<const EnginePlan> b;
    QString error;
};

Loaded loadBoth(const QString& a, const QString& b) {
    Loaded loaded;
    try {
        loaded.a = std::make_shared<EnginePlan>(loadPlan(a));
        loaded.b = std::make_shared<EnginePlan>(loadPlan(b));
    } catch (const PlanError& e) {
        loaded.error = e.message();
    } catch (const std::exception& e) {
        loaded.error = QStringLiteral("%1 / %2: unexpected content (%3).")
                           .arg(a, b, QString::fromUtf8(e.what()));
    }
    return loaded;
}

} // namespace

CompareWindow::CompareWindow(QWidget* parent)
    : QMainWindow(parent), m_panel(new ComparePanel(this)) {
    setCentralWidget(m_panel);
    setWindowTitle(tr("Compare plans - PlanScope"));
    resize(1400, 900);
}

void CompareWindow::compare(const QString& a, const QString& b) {
    statusBar()->showMessage(
        tr("Loading %1 and %2...").arg(QFileInfo(a).fileName(), QFileInfo(b).fileName()));
    QtConcurrent::run([a, b] { return loadBoth(a, b); }).then(this, [this](Loaded loaded) {
        statusBar()->clearMessage();
        if (!loaded.error.isEmpty()) {
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot compare"), loaded.error,
                                        QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            emit loadFinished(false, loaded.error);
            return;
        }
        setWindowTitle(tr("%1 vs. %2 - PlanScope").arg(loaded.a->name, loaded.b->name));
        m_panel->setPlans(loaded.a, loaded.b);
        emit loadFinished(true, {});
    });
}

} // namespace planscope
