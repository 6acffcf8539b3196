package shell

import (
	"slices"
	"testing"
)

// TestDBToolsFindTheTool checks that the migration tool a call runs is
// found by its entry's reading, on every route: the program itself, an
// interpreter's script or module, a package runner's subcommand or its
// script's name, a launcher's command.
func TestDBToolsFindTheTool(t *testing.T) {
	for _, cmd := range []string{
		"python3 manage.py flush --noinput",
		"/usr/bin/python3 -u manage.py flush",
		"env python -m alembic downgrade base",
		"python -malembic downgrade base",
		"command php artisan migrate:fresh",
		"php -d x=1 artisan db:wipe",
		"yarn knex migrate:rollback --all",
		"pnpm knex migrate:rollback --all",
		"yarn run knex migrate:rollback --all",
		"npx knex migrate:rollback --all",
		"uv run alembic downgrade base",
		"poetry run python manage.py flush",
		"NODE_ENV=production npm run migrate",
		"RAILS_ENV=production yarn knex migrate:latest",
		"dropdb migrate",
	} {
		if an := Analyze(cmd, corpusOptions); !slices.Contains(categories(an), "db-destructive") {
			t.Errorf("%q: categories %v, want db-destructive", cmd, categories(an))
		}
	}
	for _, cmd := range []string{"python3 manage.py migrate", "php artisan migrate", "yarn knex migrate:latest", "npm run migrate", "python -m alembic upgrade head", "yarn add knex", "dropdb app_test"} {
		if an := Analyze(cmd, corpusOptions); slices.Contains(categories(an), "db-destructive") {
			t.Errorf("%q: flagged %v", cmd, an.Findings)
		}
	}
}
