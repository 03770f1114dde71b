#pragma once

#include <QMessageBox>

namespace pb {

// Why a project or probe file could not be opened, in a dialog of its own: the file's name
// and folder, the reason as the reader or the store gave it (a plain sentence, never a raw
// SQLite message), and what to do about it. Window-modal but not blocking (open()), so the
// window behind keeps the project it had.
class OpenFailureDialog : public QMessageBox
{
    Q_OBJECT
public:
    OpenFailureDialog(const QString& path, const QString& reason, QWidget* parent);

    // Shows a new dialog (deleted when closed) and returns it.
    static OpenFailureDialog* showFor(const QString& path, const QString& reason, QWidget* parent);
};

} // namespace pb
