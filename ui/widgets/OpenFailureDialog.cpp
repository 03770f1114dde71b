#include "widgets/OpenFailureDialog.h"

#include <QDir>
#include <QFileInfo>

namespace pb {

namespace {

QString whatToDo(const QString& path)
{
    const QFileInfo file(path);
    if (!file.exists()) {
        return OpenFailureDialog::tr("The file is no longer there: it may have been moved, "
                                     "renamed or deleted. Open it from where it is now.");
    }
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
        return OpenFailureDialog::tr("Fix the place named above in a text editor and open the "
                                     "file again.");
    }
    return OpenFailureDialog::tr(
        "The project you had open stays open. If the file is damaged (copied while a run was "
        "writing to it, or cut short by a full disk), open an earlier copy of it, or ask "
        "whoever sent it for the file again.");
}

} // namespace

OpenFailureDialog::OpenFailureDialog(const QString& path, const QString& reason, QWidget* parent)
    : QMessageBox(QMessageBox::Warning, tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                  QString(), QMessageBox::Ok, parent)
{
    setObjectName(QStringLiteral("openFailure"));
    setTextFormat(Qt::RichText);
    setText(tr("<b>%1</b> could not be opened.<br>%2")
                .arg(QFileInfo(path).fileName().toHtmlEscaped(), reason.toHtmlEscaped()));
    setInformativeText(whatToDo(path));
    setDetailedText(
        tr("File: %1").arg(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath())));
    setWindowModality(Qt::WindowModal);
}

OpenFailureDialog* OpenFailureDialog::showFor(const QString& path, const QString& reason,
                                              QWidget* parent)
{
    auto* dialog = new OpenFailureDialog(path, reason, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace pb
