#include "store/StoreFailure.h"

#include <QDir>
#include <QSqlError>

namespace pb {
namespace {

// SQLite's primary result codes (sqlite3.h); QSQLITE reports them as the native error code,
// extended codes carry the primary one in the low byte.
enum SqliteCode
{
    Busy = 5,
    Locked = 6,
    ReadOnly = 8,
    IoError = 10,
    Corrupt = 11,
    Full = 13,
    CantOpen = 14,
    NotADatabase = 26,
};

int primaryCode(const QSqlError& error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    return ok ? code & 0xff : -1;
}

QString sqliteText(const QSqlError& error)
{
    // QSQLITE puts SQLite's own message in the database text and Qt's step in the driver text.
    return error.databaseText().isEmpty() ? error.driverText() : error.databaseText();
}

} // namespace

StoreFailure::Kind StoreFailure::kindOf(const QSqlError& error)
{
    switch (primaryCode(error)) {
    case Corrupt:
    case NotADatabase:
        return Kind::Unusable;
    case Busy:
    case Locked:
        return Kind::InUse;
    default:
        return Kind::System;
    }
}

bool StoreFailure::isDamage(const QSqlError& error)
{
    const int code = primaryCode(error);
    return code == Corrupt || code == NotADatabase;
}

QString StoreFailure::damaged(const QString& path)
{
    const QString name = QDir::toNativeSeparators(path);
    return QStringLiteral(
               "%1 is damaged: part of the file can no longer be read, so it is not used "
               "(nothing more is read from it or written to it). Keep the file as it is: "
               "`probebench salvage %2 --out DIR` writes every call that can still be read to "
               "DIR/log.csv. To go on, restore a copy you kept, or run into a new store.")
        .arg(name, name.contains(QLatin1Char(' ')) ? QStringLiteral("\"%1\"").arg(name) : name);
}

QString StoreFailure::describe(const QString& path, const QString& what, const QSqlError& error)
{
    const QString name = QDir::toNativeSeparators(path);
    switch (primaryCode(error)) {
    case Corrupt:
    case NotADatabase:
        return damaged(path);
    case Full:
        return QStringLiteral("%1: %2: the disk is full (SQLite: %3). Free some space and run "
                              "again; every call recorded before this one is kept.")
            .arg(name, what, sqliteText(error));
    case ReadOnly:
        return QStringLiteral("%1: %2: the file is read-only; copy it somewhere writable or "
                              "give another store.")
            .arg(name, what);
    case Busy:
    case Locked:
        return QStringLiteral("%1: %2: another program is using the file (SQLite: %3); close "
                              "it there and try again.")
            .arg(name, what, sqliteText(error));
    case IoError:
    case CantOpen:
        return QStringLiteral("%1: %2: the system refused to read or write the file (SQLite: "
                              "%3).")
            .arg(name, what, sqliteText(error));
    default:
        break;
    }
    return QStringLiteral("%1: %2: %3").arg(name, what, sqliteText(error));
}

} // namespace pb
