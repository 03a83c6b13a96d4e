enum CLIPlaceholder {}
