#include "dialogs/WarningBox.h"

#include <QMessageBox>

namespace planscope {

void openWarning(QWidget* parent, const QString& title, const QString& text) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // not exec()
}

} // namespace planscope
