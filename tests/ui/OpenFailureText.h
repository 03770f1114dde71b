#pragma once

#include "widgets/OpenFailureDialog.h"

#include <QTextDocument>
#include <QWidget>

namespace pb::test {

// What the open-failure dialog a window shows says, as plain text (its rich text stripped,
// then what to do); empty when no such dialog is open.
inline QString openFailureText(QWidget* window)
{
    auto* dialog = window->findChild<OpenFailureDialog*>();
    if (!dialog) {
        return QString();
    }
    QTextDocument text;
    text.setHtml(dialog->text());
    return text.toPlainText() + QLatin1Char('\n') + dialog->informativeText();
}

} // namespace pb::test
