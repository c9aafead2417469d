# user-export-bdd.feature
