#include "widgets/ThemeChoice.h"

#include "widgets/ThemeColours.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleHints>

namespace pb {

namespace {

const QString kThemeKey = QStringLiteral("view/theme");

struct Applied
{
    bool recorded = false;
    QString systemStyle; // the platform's own style, to go back to from an override
    ThemeChoice::Theme theme = ThemeChoice::Theme::System;
};

Applied& applied()
{
    static Applied state;
    return state;
}

QString themeName(ThemeChoice::Theme theme)
{
    switch (theme) {
    case ThemeChoice::Theme::Light:
        return QStringLiteral("light");
    case ThemeChoice::Theme::Dark:
        return QStringLiteral("dark");
    case ThemeChoice::Theme::System:
        break;
    }
    return QStringLiteral("system");
}

void useFusion(const QPalette& palette)
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(palette);
}

} // namespace

ThemeChoice::Theme ThemeChoice::saved()
{
    const QString name = QSettings().value(kThemeKey).toString();
    for (const Theme t : {Theme::Light, Theme::Dark}) {
        if (name == themeName(t))
            return t;
    }
    return Theme::System;
}

void ThemeChoice::choose(Theme theme)
{
    QSettings().setValue(kThemeKey, themeName(theme));
    apply(theme);
}

void ThemeChoice::applySaved()
{
    apply(saved());
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    // A desktop switching between light and dark while System is chosen.
    QObject::connect(QGuiApplication::styleHints(), &QStyleHints::colorSchemeChanged, qApp, [] {
        if (applied().theme == Theme::System)
            apply(Theme::System);
    });
#endif
}

ThemeChoice::Theme ThemeChoice::applied()
{
    return pb::applied().theme;
}

void ThemeChoice::apply(Theme theme)
{
    Applied& state = pb::applied();
    if (!state.recorded) {
        state.systemStyle = QApplication::style()->name();
        state.recorded = true;
    }
    state.theme = theme;
    switch (theme) {
    case Theme::Dark:
        useFusion(ThemeColours::darkPalette());
        return;
    case Theme::Light:
        useFusion(ThemeColours::lightPalette());
        return;
    case Theme::System:
        break;
    }
    // An empty palette resolves to the platform's own, so its later changes show too.
    QStyle* style = QStyleFactory::create(state.systemStyle);
    QApplication::setStyle(style ? style : QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(QPalette());
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    // A desktop in dark mode whose platform style has no dark palette: Fusion's dark one.
    if (QGuiApplication::styleHints()->colorScheme() == Qt::ColorScheme::Dark &&
        !ThemeColours::isDark(QApplication::palette()))
        useFusion(ThemeColours::darkPalette());
#endif
}

QMenu* ThemeChoice::addMenuTo(QMenu* menu)
{
    QMenu* themes = menu->addMenu(tr("&Theme"));
    themes->menuAction()->setToolTip(tr("Light or dark: the system's, or one chosen here."));
    auto* group = new QActionGroup(themes);
    const QList<QPair<Theme, QString>> entries{
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto& [theme, text] : entries) {
        QAction* a = themes->addAction(text);
        a->setCheckable(true);
        a->setData(int(theme));
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, themes, [theme = theme] { choose(theme); });
    }
    // Another window may have changed it: check the applied one each time the menu opens.
    auto check = [group] {
        for (QAction* a : group->actions())
            a->setChecked(Theme(a->data().toInt()) == applied());
    };
    check();
    QObject::connect(themes, &QMenu::aboutToShow, themes, check);
    return themes;
}

} // namespace pb
